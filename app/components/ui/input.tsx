import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "~/lib/utils";

// Height, colours and text size are the default variant: a caller with its own passes
// `variant={null}` and all of them (`cn` does not merge conflicting classes).
const inputVariants = cva(
  "flex w-full rounded-md border px-3 py-2 placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm",
  {
    variants: { variant: { default: "h-10 border-input bg-background text-base" } },
    defaultVariants: { variant: "default" },
  },
);

export function Input({ className, type, variant, ...props }: React.ComponentProps<"input"> & VariantProps<typeof inputVariants>) {
  return <input type={type} className={cn(inputVariants({ variant }), className)} {...props} />;
}
