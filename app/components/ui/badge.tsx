import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "~/lib/utils";

// Classes a caller replaces live in a variant (`cn` does not merge): `variant={null}` for its own
// colours, `caps={false}` for its own letter case and spacing.
export const badgeVariants = cva("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    variant: {
      default: "border-transparent bg-primary text-primary-foreground",
      secondary: "border-transparent bg-secondary text-secondary-foreground",
      destructive: "border-transparent bg-destructive text-destructive-foreground",
      outline: "text-foreground",
      accent: "border-transparent bg-signal-700 text-white",
    },
    caps: { true: "uppercase tracking-wide", false: "" },
  },
  defaultVariants: { variant: "default", caps: true },
});

export function Badge({ className, variant, caps, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, caps }), className)} {...props} />;
}
