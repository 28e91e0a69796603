import type { ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";
import { cn } from "./utils";

/**
 * `cn` whose later Tailwind classes replace the earlier ones they conflict with (`p-0` after
 * `p-6`). Only for code that loads on use (the dialogs, whose callers restyle the frame): a
 * module of its own, so tailwind-merge never reaches a page's first load through `~/lib/utils`.
 */
export function cnMerge(...inputs: ClassValue[]): string {
  return twMerge(cn(inputs));
}
