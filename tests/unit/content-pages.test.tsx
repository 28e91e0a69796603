import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WaiverText } from "~/components/waiver-text";
import { privacy } from "~/content/privacy";
import { terms } from "~/content/terms";
import { WAIVER_VERSION } from "~/content/waiver";
import { BOAT_MMSI, HOME_PORT, vesselMapUrl } from "~/routes/content/boat-map";
import { formatLongDate } from "~/routes/content/format-date";
import { TextWithEmail } from "~/routes/content/text-with-email";
import { embedUrl, FEATURED_VIDEO, MORE_VIDEOS, VIDEO_CHANNEL_URL, watchUrl } from "~/routes/content/videos-data";

describe("TextWithEmail", () => {
  it("turns every {email} placeholder into a mailto link and keeps the text around it", () => {
    const html = renderToStaticMarkup(<TextWithEmail text="Write to {email}, or to {email} again." email="team@example.org" />);
    expect(html.match(/<a href="mailto:team@example.org"[^>]*>team@example.org<\/a>/g)).toHaveLength(2);
    expect(html.startsWith("Write to <a")).toBe(true);
    expect(html.endsWith("</a> again.")).toBe(true);
  });

  it("leaves text without a placeholder alone", () => {
    expect(renderToStaticMarkup(<TextWithEmail text="No address here." email="team@example.org" />)).toBe("No address here.");
  });

  it("replaces the placeholder in every legal text that uses it", () => {
    const texts = [
      ...terms.sections.flatMap((s) => s.paragraphs),
      ...Object.values(privacy).flatMap((p) => p.sections.flatMap((s) => [...s.paragraphs, ...(s.items ?? [])])),
    ].filter((text) => text.includes("{email}"));
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) {
      const html = renderToStaticMarkup(<TextWithEmail text={text} email="team@example.org" />);
      expect(html).not.toContain("{email}");
      expect(html).toContain('href="mailto:team@example.org"');
    }
  });
});

describe("WaiverText", () => {
  it.each(["en", "nl"] as const)("renders the ten parts in %s with headings at the requested level", (locale) => {
    const html = renderToStaticMarkup(<WaiverText locale={locale} headingLevel={4} idPrefix="waiver" />);
    expect(html.match(/data-waiver-part="/g)).toHaveLength(10);
    expect(html.match(/<h4[ >]/g)).toHaveLength(10);
    expect(html).not.toMatch(/<h[2356][ >]/);
    expect(html).toContain(`lang="${locale}"`);
    expect(html).toContain('id="waiver-risk"');
    expect(html).toContain('id="waiver-age"');
    expect(html).toContain(WAIVER_VERSION);
  });

  it("shows the parts the spec lists, in order, in the chosen language", () => {
    const en = renderToStaticMarkup(<WaiverText locale="en" />);
    const titles = [...en.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      "1. Acknowledgment of Risk",
      "2. Health and Fitness Declaration",
      "3. Insurance",
      "4. Safety Compliance",
      "5. Prohibited Participation",
      "6. Liability Waiver and Indemnity",
      "7. Photo and Video Release",
      "8. Event Changes and Force Majeure",
      "9. Governing Law and Jurisdiction",
      "10. Age Confirmation",
    ]);
    const nl = renderToStaticMarkup(<WaiverText locale="nl" />);
    expect(nl).toContain("1. Erkenning van risico");
    expect(nl).toContain("Versie van de afstandsverklaring");
    expect(en).toContain("Waiver version");
  });

  it("adds the waiver's title one level above the parts only when asked, and no ids without a prefix", () => {
    const plain = renderToStaticMarkup(<WaiverText locale="en" headingLevel={3} />);
    expect(plain).not.toContain("<h2");
    expect(plain).not.toMatch(/ id="/);
    const titled = renderToStaticMarkup(<WaiverText locale="en" headingLevel={3} withTitle />);
    expect(titled).toMatch(/<h2[^>]*>Liability Waiver and Release<\/h2>/);
  });
});

describe("videos", () => {
  it("plays from YouTube's privacy-enhanced domain with autoplay, since the click already asked for it", () => {
    const url = new URL(embedUrl(FEATURED_VIDEO.youtubeId));
    expect(url.origin).toBe("https://www.youtube-nocookie.com");
    expect(url.pathname).toBe(`/embed/${FEATURED_VIDEO.youtubeId}`);
    expect(url.searchParams.get("autoplay")).toBe("1");
  });

  it("refuses anything that is not a video id, so no URL can be smuggled into the frame", () => {
    expect(() => embedUrl("abc")).toThrow();
    expect(() => embedUrl("../../evil?x")).toThrow();
  });

  it("has one featured and two more videos, all distinct, with a fallback link and the channel", () => {
    const ids = [FEATURED_VIDEO, ...MORE_VIDEOS].map((v) => v.youtubeId);
    expect(MORE_VIDEOS).toHaveLength(2);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(() => embedUrl(id)).not.toThrow();
    expect(watchUrl(FEATURED_VIDEO.youtubeId)).toBe(`https://www.youtube.com/watch?v=${FEATURED_VIDEO.youtubeId}`);
    expect(VIDEO_CHANNEL_URL).toBe("https://www.youtube.com/@oceanracingteam");
  });
});

describe("vessel map", () => {
  it("embeds VesselFinder's AIS map for the boat, around Scheveningen", () => {
    const url = new URL(vesselMapUrl());
    expect(url.origin).toBe("https://www.vesselfinder.com");
    expect(url.pathname).toBe("/aismap");
    expect(url.searchParams.get("mmsi")).toBe(BOAT_MMSI);
    expect(Number(url.searchParams.get("lat"))).toBeCloseTo(52.1, 1);
    expect(Number(url.searchParams.get("lon"))).toBeCloseTo(4.27, 1);
    expect(url.searchParams.get("lat")).toBe(String(HOME_PORT.lat));
    expect(url.searchParams.get("track")).toBe("true");
  });

  it("uses a Dutch nine-digit MMSI", () => {
    expect(BOAT_MMSI).toMatch(/^24[4-6]\d{6}$/);
  });
});

describe("formatLongDate", () => {
  it("formats a date-only ISO string in the visitor's language without shifting the day", () => {
    expect(formatLongDate("2025-01-15", "en")).toBe("15 January 2025");
    expect(formatLongDate("2025-01-15", "nl")).toBe("15 januari 2025");
    expect(formatLongDate("2025-12-31", "en")).toBe("31 December 2025");
  });
});

describe("legal texts the pages rely on", () => {
  it("terms have sections 1 to 4 with the waiver as section 3", () => {
    expect(terms.sections.map((s) => [s.number, s.id])).toEqual([
      [1, "booking"],
      [2, "cancellation"],
      [3, "waiver"],
      [4, "contact"],
    ]);
  });

  it("the privacy policy has the same sections in both languages and names the site's cookies", () => {
    expect(privacy.nl.sections.map((s) => s.id)).toEqual(privacy.en.sections.map((s) => s.id));
    for (const policy of Object.values(privacy)) {
      const cookies = policy.sections.find((s) => s.id === "cookies");
      const text = [...(cookies?.paragraphs ?? []), ...(cookies?.items ?? [])].join(" ");
      expect(text).toMatch(/\blang\b/);
      expect(text).toContain("access_");
    }
  });
});
