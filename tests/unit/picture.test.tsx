import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImageWithFallback } from "~/components/picture";
import { LocaleContext, type Locale } from "~/i18n";

function render(src: string | null, locale: Locale = "nl"): string {
  return renderToString(
    <LocaleContext.Provider value={locale}>
      <ImageWithFallback src={src} alt="" width={1280} height={720} />
    </LocaleContext.Provider>,
  );
}

describe("ImageWithFallback", () => {
  it("an item without a picture shows the designed no-picture panel, never 'image unavailable'", () => {
    for (const locale of ["nl", "en"] as const) {
      const html = render(null, locale);
      expect(html).toContain('data-testid="image-none"');
      expect(html).toContain('aria-hidden="true"');
      expect(html).not.toContain("image-unavailable");
      expect(html).not.toContain("Afbeelding niet beschikbaar");
      expect(html).not.toContain("Image unavailable");
    }
  });

  it("an item with a picture renders the image (the placeholder only replaces it once it fails to load)", () => {
    const html = render("/uploads/photo.webp");
    expect(html).toContain('src="/uploads/photo.webp"');
    expect(html).not.toContain("image-none");
    expect(html).not.toContain("image-unavailable");
  });
});
