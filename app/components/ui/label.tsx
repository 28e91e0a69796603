import { cva, type VariantProps } from "class-variance-authority";
import { Label as LabelPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

// Weight and line height are the default variant: a caller with its own passes `variant={null}`
// and both (`cn` does not merge conflicting classes).
const labelVariants = cva("text-sm peer-disabled:cursor-not-allowed peer-disabled:opacity-70", {
  variants: { variant: { default: "font-medium leading-none" } },
  defaultVariants: { variant: "default" },
});

export function Label({ className, variant, ...props }: React.ComponentProps<typeof LabelPrimitive.Root> & VariantProps<typeof labelVariants>) {
  return <LabelPrimitive.Root className={cn(labelVariants({ variant }), className)} {...props} />;
}
