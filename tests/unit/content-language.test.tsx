import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageNote } from "~/components/language-note";
import { LocaleContext, type Locale } from "~/i18n";
import { fallbackOf, langOf, pickList, pickText } from "~/lib/content-language";
import { languageAlternates, seo, writtenLanguages } from "~/lib/seo";
import { sitemapXml } from "~/lib/sitemap";
import { articleSchema } from "~/schemas/article";
import type { BlogPost, Event } from "@server/db/schema.server";
import { toArticleView } from "@server/articles/queries.server";
import { demoArticles } from "@server/db/seed/articles.server";
import { demoEvents } from "@server/db/seed/events.server";
import { eventDescriptionIn, eventIncludedIn, eventNameIn, toEventView } from "@server/events/view.server";
import { eventRow } from "../support/events";

const NOW = new Date("2025-08-01T12:00:00Z");

function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: "00000000-0000-4000-8000-00000000000a",
    slug: "een-artikel",
    title: "Een artikel",
    description: "Samenvatting",
    content: "De tekst.",
    titleEn: "An article",
    descriptionEn: "Summary",
    contentEn: "The text.",
    date: NOW,
    category: "general",
    image: null,
    imageUploadId: null,
    documentUrl: null,
    documentName: null,
    published: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const event = (overrides: Partial<Event> = {}) => eventRow({ createdAt: NOW, updatedAt: NOW, ...overrides });

describe("picking a text in the visitor's language", () => {
  it("takes the visitor's language where written, else the other, and says so", () => {
    expect(pickText("en", "Hallo", "Hello")).toEqual({ value: "Hello", fellBack: false });
    expect(pickText("en", "Hallo", null)).toEqual({ value: "Hallo", fellBack: true });
    expect(pickText("en", "Hallo", "  ")).toEqual({ value: "Hallo", fellBack: true });
    expect(pickText("nl", "", "Hello")).toEqual({ value: "Hello", fellBack: true });
    expect(pickText("nl", "", null)).toEqual({ value: "", fellBack: false });
  });

  it("treats an empty English list as missing", () => {
    expect(pickList("en", ["Lunch"], [])).toEqual({ value: ["Lunch"], fellBack: true });
    expect(pickList("en", ["Lunch"], ["Lunch on board"])).toEqual({ value: ["Lunch on board"], fellBack: false });
    expect(pickList("nl", [], null)).toEqual({ value: [], fellBack: false });
  });

  it("names the fields that fell back, and their language", () => {
    const fallback = fallbackOf("en", { title: { fellBack: false }, content: { fellBack: true } });
    expect(fallback).toEqual({ lang: "nl", fields: ["content"] });
    expect(langOf(fallback, "content")).toBe("nl");
    expect(langOf(fallback, "title")).toBeUndefined();
    expect(fallbackOf("nl", { title: { fellBack: false } })).toBeNull();
  });
});

describe("toArticleView in two languages", () => {
  it("shows a translated article in each language without a fallback", () => {
    expect(toArticleView(post(), "en")).toMatchObject({ title: "An article", content: "The text.", fallback: null });
    expect(toArticleView(post(), "nl")).toMatchObject({ title: "Een artikel", content: "De tekst.", fallback: null });
  });

  it("shows a Dutch-only article to an English visitor in Dutch, saying which texts", () => {
    const view = toArticleView(post({ titleEn: null, descriptionEn: null, contentEn: null }), "en");
    expect(view).toMatchObject({ title: "Een artikel", description: "Samenvatting", content: "De tekst." });
    expect(view.fallback).toEqual({ lang: "nl", fields: ["title", "description", "content"] });
  });

  it("falls back per field: an English title with a Dutch text", () => {
    const view = toArticleView(post({ contentEn: null }), "en");
    expect(view.title).toBe("An article");
    expect(view.fallback).toEqual({ lang: "nl", fields: ["content"] });
  });

  it("shows an English-only article (Dutch columns empty) to a Dutch visitor in English", () => {
    const view = toArticleView(post({ title: "", description: "", content: "" }), "nl");
    expect(view).toMatchObject({ title: "An article", content: "The text." });
    expect(view.fallback).toEqual({ lang: "en", fields: ["title", "description", "content"] });
  });
});

describe("toEventView in two languages", () => {
  it("has no fallback for a translated event", () => {
    expect(toEventView(event(), "en", NOW).fallback).toBeNull();
    expect(toEventView(event(), "nl", NOW).fallback).toBeNull();
  });

  it("marks the Dutch description and items shown to an English visitor", () => {
    const view = toEventView(event({ descriptionEn: null, includedEn: [] }), "en", NOW);
    expect(view.description).toBe("Teambuilding op de Noordzee");
    expect(view.included).toEqual(["Lunch aan boord"]);
    expect(view.name).toBe("Corporate sailing day");
    expect(view.fallback).toEqual({ lang: "nl", fields: ["description", "included"] });
  });

  it("counts a missing English name only on an event with no English at all", () => {
    expect(toEventView(event({ nameEn: null }), "en", NOW).fallback).toBeNull();
    const untranslated = toEventView(event({ nameEn: null, descriptionEn: null, includedEn: null }), "en", NOW);
    expect(untranslated.name).toBe("Zakelijke zeildag");
    expect(untranslated.fallback?.fields).toEqual(["name", "description", "included"]);
  });

  it("gives e-mails the participant's language's texts", () => {
    const e = event({ includedEn: [] });
    expect(eventNameIn(e, "en")).toBe("Corporate sailing day");
    expect(eventNameIn(e, "nl")).toBe("Zakelijke zeildag");
    expect(eventDescriptionIn(e, "en")).toBe("Team building on the North Sea");
    expect(eventIncludedIn(e, "en")).toEqual(["Lunch aan boord"]);
    expect(eventIncludedIn(event(), "en")).toEqual(["Lunch on board"]);
  });
});

function renderNote(locale: Locale, fallback: Parameters<typeof LanguageNote>[0]["fallback"], kind: "article" | "event"): string {
  return renderToString(
    <LocaleContext.Provider value={locale}>
      <LanguageNote fallback={fallback} kind={kind} />
    </LocaleContext.Provider>,
  );
}

describe("the language note", () => {
  it("tells an English visitor which texts are only in Dutch", () => {
    const html = renderNote("en", { lang: "nl", fields: ["title", "content"] }, "article");
    expect(html).toContain("Only available in Dutch: the title and the article&#x27;s text.");
  });

  it("tells a Dutch visitor which texts are only in English", () => {
    expect(renderNote("nl", { lang: "en", fields: ["description", "included"] }, "event")).toContain(
      "Alleen in het Engels beschikbaar: de beschrijving en wat er inbegrepen is.",
    );
  });

  it("is absent when nothing fell back", () => {
    expect(renderNote("en", null, "article")).toBe("");
  });
});

describe("hreflang alternates and the canonical link", () => {
  const base = { title: "Nieuws", description: "Het laatste nieuws", publicUrl: "https://example.org" };
  const links = (tags: ReturnType<typeof seo>) => tags.filter((t) => "tagName" in t && t.tagName === "link") as { rel: string; href: string; hrefLang?: string }[];

  it("names each language's address, the plain one as x-default, and the language's address as canonical when asked for at it", () => {
    const tags = links(seo({ ...base, path: "/news", locale: "nl", languageAddress: true }));
    expect(tags).toEqual([
      { tagName: "link", rel: "canonical", href: "https://example.org/news?lang=nl" },
      { tagName: "link", rel: "alternate", hrefLang: "nl", href: "https://example.org/news?lang=nl" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://example.org/news?lang=en" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://example.org/news" },
    ]);
    const en = seo({ ...base, path: "/calendar?event=x", locale: "en", languageAddress: true });
    expect(links(en)[0].href).toBe("https://example.org/calendar?event=x&lang=en");
    expect(en).toContainEqual({ property: "og:url", content: "https://example.org/calendar?event=x&lang=en" });
    expect(en).toContainEqual({ property: "og:locale:alternate", content: "nl_NL" });
  });

  it("names the plain address as canonical when the page was asked for at it (the x-default, never another alternate)", () => {
    const tags = links(seo({ ...base, path: "/news", locale: "en", languageAddress: false }));
    expect(tags[0]).toEqual({ tagName: "link", rel: "canonical", href: "https://example.org/news" });
    expect(tags.filter((t) => t.rel === "alternate").map((t) => t.href)).toEqual(["https://example.org/news?lang=nl", "https://example.org/news?lang=en", "https://example.org/news"]);
  });

  it("keeps the plain address and no alternates for a page in one language or not indexed", () => {
    for (const options of [{ oneLanguage: true }, { noIndex: true }]) {
      const tags = links(seo({ ...base, path: "/servicevoorwaarden", locale: "en", languageAddress: true, ...options }));
      expect(tags).toEqual([{ tagName: "link", rel: "canonical", href: "https://example.org/servicevoorwaarden" }]);
    }
  });

  it("lists both languages in the sitemap, each with every alternate", () => {
    const xml = sitemapXml([
      { url: "https://example.org/news/a", lastmod: "2025-08-01T12:00:00.000Z" },
      { url: "https://example.org/calendar?event=b" },
      { url: "https://example.org/servicevoorwaarden", oneLanguage: true },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain("<loc>https://example.org/news/a?lang=nl</loc><lastmod>2025-08-01T12:00:00.000Z</lastmod>");
    expect(xml).toContain("<loc>https://example.org/news/a?lang=en</loc>");
    expect(xml).toContain("<loc>https://example.org/calendar?event=b&amp;lang=en</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/calendar?event=b"/>');
    expect(xml.match(/hreflang="nl" href="https:\/\/example.org\/news\/a\?lang=nl"/g)).toHaveLength(2);
    expect(xml).toContain("<url><loc>https://example.org/servicevoorwaarden</loc></url>");
    expect(xml).not.toContain("servicevoorwaarden?lang");
    expect(languageAlternates("https://example.org/").map((a) => a.hrefLang)).toEqual(["nl", "en", "x-default"]);
  });
});

describe("a page written in one language", () => {
  const base = { title: "Nieuws", description: "Alleen in het Nederlands", publicUrl: "https://example.org", path: "/news/a" };
  it("announces only that language and x-default; its other address names it as canonical", () => {
    for (const locale of ["nl", "en"] as const) {
      const tags = seo({ ...base, locale, languageAddress: true, languages: ["nl"] });
      expect(tags.filter((t) => "tagName" in t)).toEqual([
        { tagName: "link", rel: "canonical", href: "https://example.org/news/a?lang=nl" },
        { tagName: "link", rel: "alternate", hrefLang: "nl", href: "https://example.org/news/a?lang=nl" },
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://example.org/news/a" },
      ]);
      expect(tags).toContainEqual({ property: "og:locale", content: "nl_NL" });
      expect(tags.some((t) => "property" in t && t.property === "og:locale:alternate")).toBe(false);
    }
    expect(sitemapXml([{ url: "https://example.org/news/a", languages: ["en"] }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
        '  <url><loc>https://example.org/news/a?lang=en</loc><xhtml:link rel="alternate" hreflang="en" href="https://example.org/news/a?lang=en"/><xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/news/a"/></url>\n</urlset>\n',
    );
  });
  it("counts a language when all its texts are written", () => {
    expect(writtenLanguages({ nl: ["Titel", "Tekst"], en: ["Title", " "] })).toEqual(["nl"]);
    expect(writtenLanguages({ nl: ["", null], en: ["Title", "Text"] })).toEqual(["en"]);
    expect(writtenLanguages({ nl: ["a"], en: ["b"] })).toEqual(["nl", "en"]);
  });
});

describe("the article form: at least one language, complete", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    data.set("slug", "een-artikel");
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return articleSchema.safeParse(Object.fromEntries(data));
  };
  const paths = (result: ReturnType<typeof form>) => (result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`).sort());

  it("takes Dutch only, English only, or both", () => {
    expect(form({ title: "T", description: "D", content: "C" }).success).toBe(true);
    const english = form({ titleEn: "T", descriptionEn: "D", contentEn: "C" });
    expect(english.success && english.data).toMatchObject({ title: null, titleEn: "T" });
    expect(form({ title: "T", description: "D", content: "C", titleEn: "T", descriptionEn: "D", contentEn: "C" }).success).toBe(true);
  });

  it("refuses an article without any language", () => {
    expect(paths(form({}))).toEqual([
      "content:admin.language.oneRequired",
      "description:admin.language.oneRequired",
      "title:admin.language.oneRequired",
    ]);
  });

  it("refuses a language that is started but not finished", () => {
    expect(paths(form({ title: "T", description: "D", content: "C", titleEn: "T" }))).toEqual([
      "contentEn:admin.language.completeLanguage",
      "descriptionEn:admin.language.completeLanguage",
    ]);
  });
});

describe("the demo content", () => {
  it("has every demo article in Dutch and English", () => {
    const articles = demoArticles(NOW);
    expect(articles.length).toBeGreaterThan(0);
    for (const a of articles) {
      for (const text of [a.title, a.description, a.content, a.titleEn, a.descriptionEn, a.contentEn]) expect(text?.trim(), a.slug).toBeTruthy();
    }
  });

  it("has every demo event in Dutch and English", () => {
    const events = demoEvents(NOW);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      for (const text of [e.name, e.nameEn, e.description, e.descriptionEn]) expect(text?.trim(), e.slug).toBeTruthy();
      expect(e.included?.length, e.slug).toBe(e.includedEn?.length);
      // One name per language for the home harbour, as the rest of the site calls it.
      expect(e.location, e.slug).not.toMatch(/Derde Haven/);
      if (e.location?.startsWith("Scheveningen, ")) expect([e.location, e.locationEn], e.slug).toEqual(["Scheveningen, 3e haven", "Scheveningen, 3rd harbour"]);
    }
    expect(events.filter((e) => e.locationEn === "Scheveningen, 3rd harbour").length).toBeGreaterThan(5);
  });
});
