import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "~/lib/utils";

// Height and text size are the default variant: a caller with its own passes `variant={null}`
// and both (`cn` does not merge conflicting classes).
const textareaVariants = cva(
  "flex w-full rounded-md border border-input bg-background px-3 py-2 placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm",
  {
    variants: { variant: { default: "min-h-20 text-base" } },
    defaultVariants: { variant: "default" },
  },
);

export function Textarea({ className, variant, ...props }: React.ComponentProps<"textarea"> & VariantProps<typeof textareaVariants>) {
  return <textarea className={cn(textareaVariants({ variant }), className)} {...props} />;
}
