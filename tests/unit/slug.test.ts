import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "~/lib/slug";

describe("slugify (the spec's rule)", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Voorbereiding Noordzee Recordpoging")).toBe("voorbereiding-noordzee-recordpoging");
  });

  it("drops every character other than letters, digits, spaces and hyphens", () => {
    expect(slugify("Tweede plaats! (2023) – wat een race?")).toBe("tweede-plaats-2023-wat-een-race");
    expect(slugify("ARC 2025: 10% korting & meer")).toBe("arc-2025-10-korting-meer");
  });

  it("keeps hyphens and digits", () => {
    expect(slugify("Sail-Out 2025")).toBe("sail-out-2025");
  });

  it("keeps the base letter of accented letters", () => {
    expect(slugify("Één dag op de Noordzee, café à la carte")).toBe("een-dag-op-de-noordzee-cafe-a-la-carte");
  });

  it("ignores spaces around the title and collapses runs of spaces", () => {
    expect(slugify("  Drie   nieuwe bemanningsleden  ")).toBe("drie-nieuwe-bemanningsleden");
  });

  it("gives an empty slug for a title without letters or digits", () => {
    expect(slugify("!!! ???")).toBe("-");
    expect(slugify("")).toBe("");
  });

  it("produces only what the server accepts", () => {
    for (const title of ["Hello, World!", "Ça va? Très bien.", "Race-dag 3 / finale"]) {
      expect(slugify(title)).toMatch(SLUG_PATTERN);
    }
    expect("Hoofdletters").not.toMatch(SLUG_PATTERN);
    expect("met spatie").not.toMatch(SLUG_PATTERN);
    expect("-").not.toMatch(SLUG_PATTERN);
  });
});
