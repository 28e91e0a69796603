import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button";

// A standing colour transition on a button in a section below the fold animated it from the
// browser's own link colours (blue on navy) just after load, now and then: Lighthouse's contrast
// check caught it mid-way (accessibility 96 in 2 runs of 12 on /). Transitions only on hover/focus.
describe("buttonVariants", () => {
  it("has no colour transition outside hover and focus, in any variant", () => {
    for (const variant of ["default", "accent", "destructive", "outline", "secondary", "ghost", "link", "light"] as const) {
      const tokens = buttonVariants({ variant }).split(/\s+/);
      expect(tokens.filter((t) => /^transition/.test(t)), variant).toEqual([]);
      expect(tokens).toContain("hover:transition-colors");
    }
  });
});
