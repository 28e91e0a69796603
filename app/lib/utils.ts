import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (conditionals, arrays, falsy values skipped) without merging conflicting
 * Tailwind classes: a merger (tailwind-merge, ~9 KB gzip) on every page cost more than all the
 * site's own components. A primitive whose base class a caller must replace offers a variant
 * for it instead (`variant={null}` on a cva primitive drops its default one); the dialogs, which
 * load on use, merge with `cnMerge` from `~/lib/merge-classes`.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
