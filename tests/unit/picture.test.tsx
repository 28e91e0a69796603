import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArticleCardData } from "~/components/article-card";
import { EventCard } from "~/components/event-card";
import { demoPictureSources, ImageWithFallback } from "~/components/picture";
import { LocaleContext, type Locale } from "~/i18n";
import News from "~/routes/news/news";
import { eventView } from "../support/events";

const card = (n: number): ArticleCardData => ({
  id: `id-${n}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  description: `About ${n}`,
  date: new Date(Date.UTC(2025, 5, 30 - n)).toISOString(),
  category: "team",
  image: null,
  imageSources: null,
});


/** A page rendered on the server inside a data router, as React Router does. */
async function renderRoute(Component: () => React.ReactNode, loaderData: unknown = null, path = "/news"): Promise<string> {
  const routes: RouteObject[] = [{ path, loader: () => loaderData, Component }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    <LocaleContext.Provider value="en">
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </LocaleContext.Provider>,
  );
}

/** /news with the given cards. */
function renderNews(articles: ArticleCardData[], extra: { hasMore: boolean; page: number }): Promise<string> {
  type NewsProps = Parameters<typeof News>[0];
  function Page() {
    const loaderData = useLoaderData() as NewsProps["loaderData"];
    return <News {...({ loaderData } as NewsProps)} />;
  }
  return renderRoute(Page, { articles, ...extra });
}

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

describe("card pictures (issue 13: the right size, the largest paint first)", () => {
  it("the project's own pictures come as AVIF and WebP in 640, 960 and 1280 px; other paths do not", () => {
    expect(demoPictureSources("/images/atlantic-1280.webp")).toEqual({
      avif: "/images/atlantic-640.avif 640w, /images/atlantic-960.avif 960w, /images/atlantic-1280.avif 1280w",
      webp: "/images/atlantic-640.webp 640w, /images/atlantic-960.webp 960w, /images/atlantic-1280.webp 1280w",
    });
    // Every picture in public/images has each width the srcset names, in both formats.
    const manifest = JSON.parse(fs.readFileSync(path.join("public", "images", "manifest.json"), "utf8")) as { images: Record<string, { name: string }> };
    const names = Object.values(manifest.images).map((image) => image.name).filter((name) => name !== "og");
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const sources = demoPictureSources(`/images/${name}-1280.webp`)!;
      for (const file of [...sources.avif.split(", "), ...sources.webp.split(", ")].map((entry) => entry.split(" ")[0]!)) {
        expect(fs.existsSync(path.join("public", file)), file).toBe(true);
      }
    }
    expect(demoPictureSources("/images/missing-photo.webp")).toBeNull();
    expect(demoPictureSources("/uploads/blog-images/1-abcdef0123456789-1280.webp")).toBeNull();
    expect(demoPictureSources("https://example.com/images/x-1280.webp")).toBeNull();
    expect(demoPictureSources(null)).toBeNull();
  });

  it("on /news the featured card's picture loads eagerly with high priority, every other one lazily, each with srcset, sizes and its size", async () => {
    const html = await renderNews(
      [1, 2, 3, 4].map((n) => ({ ...card(n), image: "/images/atlantic-1280.webp" })),
      { hasMore: true, page: 1 },
    );
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes("/images/atlantic"));
    expect(imgs).toHaveLength(4);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[0]).toContain('fetchPriority="high"');
    for (const img of imgs.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toMatch(/fetchPriority/i);
    }
    for (const img of imgs) {
      expect(img).toContain('width="1280"');
      expect(img).toContain('height="720"');
    }
    const sources = [...html.matchAll(/<source [^>]*>/g)].map((m) => m[0]);
    expect(sources.filter((s) => s.includes('type="image/avif"'))).toHaveLength(4);
    for (const source of sources) {
      expect(source).toMatch(/srcSet="\/images\/atlantic-640\.(avif|webp) 640w, \/images\/atlantic-960\.\1 960w, \/images\/atlantic-1280\.\1 1280w"/);
      expect(source).toMatch(/sizes="[^"]*\d+(px|vw)"/);
    }
    // The featured card is wider than the others: its sizes say so.
    expect(sources[0]).toContain("66vw");
    expect(sources.at(-1)).toContain("33vw");
  });

  it("the lazy pictures wait for hydration in the server's HTML: a <noscript> with the picture and an empty box of its size (decision 032)", async () => {
    const html = await renderNews(
      [1, 2, 3].map((n) => ({ ...card(n), image: "/images/atlantic-1280.webp" })),
      { hasMore: false, page: 1 },
    );
    const noscripts = [...html.matchAll(/<noscript>(.*?)<\/noscript>/g)].map((m) => m[1]!);
    // The featured (eager) picture is in the page as it is; the two others only in a <noscript>.
    expect(noscripts).toHaveLength(2);
    for (const inner of noscripts) expect(inner).toMatch(/^<picture><source type="image\/avif"[^>]*>.*<img [^>]*loading="lazy"[^>]*><\/picture>$/);
    const outside = html.replace(/<noscript>.*?<\/noscript>/g, "");
    expect([...outside.matchAll(/<img [^>]*\/images\/atlantic[^>]*>/g)]).toHaveLength(1);
    const boxes = [...html.matchAll(/<span aria-hidden="true" data-picture-pending="true" class="([^"]*)" style="([^"]*)"><\/span><noscript>/g)];
    expect(boxes).toHaveLength(2);
    for (const [, className, style] of boxes) {
      expect(className).toContain("aspect-[16/9] w-full");
      expect(style).toBe("aspect-ratio:1280 / 720");
    }
    const eventCard = await renderRoute(() => <EventCard event={eventView({ imageUrl: "/images/training-1280.webp" })} />, null, "/calendar");
    expect(eventCard).toMatch(/data-picture-pending="true"[^>]*><\/span><noscript><picture><source type="image\/avif" srcSet="\/images\/training-640\.avif 640w/);
  });

  it("event cards get AVIF/WebP sources with widths and stay lazy, with their size", async () => {
    const html = await renderRoute(() => <EventCard event={eventView({ imageUrl: "/images/evening-1280.webp" })} />, null, "/calendar");
    expect(html).toMatch(/<source type="image\/avif" srcSet="\/images\/evening-640\.avif 640w, \/images\/evening-960\.avif 960w, \/images\/evening-1280\.avif 1280w" sizes="[^"]+"/);
    expect(html).toMatch(/<source type="image\/webp" srcSet="\/images\/evening-640\.webp 640w/);
    expect(html).toMatch(/<img [^>]*src="\/images\/evening-1280\.webp"[^>]*width="640"[^>]*height="360"[^>]*loading="lazy"/);
  });
});
