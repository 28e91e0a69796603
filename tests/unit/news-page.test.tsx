import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/markdown";
import { LocaleContext, type Locale } from "~/i18n";
import type { ArticleView } from "~/lib/articles";
import News from "~/routes/news/news";

const article = (n: number): ArticleView => ({
  id: `id-${n}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  description: `About ${n}`,
  content: "## Heading\n\n- one\n- two",
  date: new Date(Date.UTC(2025, 5, 30 - n)).toISOString(),
  category: "team",
  image: null,
  imageSources: null,
  documentUrl: null,
  documentName: null,
});

/** Renders /news on the server, as React Router does, with the given articles. */
async function render(articles: ArticleView[], locale: Locale = "en", more?: { hasMore: boolean; page: number }): Promise<string> {
  type NewsProps = Parameters<typeof News>[0];
  function Page() {
    const loaderData = useLoaderData() as NewsProps["loaderData"];
    return <News {...({ loaderData } as NewsProps)} />;
  }
  const routes: RouteObject[] = [{ path: "/news", loader: () => ({ articles, ...more }), Component: Page }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/news"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <LocaleContext.Provider value={locale}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </LocaleContext.Provider>,
  );
}

describe("the news page's states", () => {
  it("says there is no news yet when nothing is published, and still offers the newsletter", async () => {
    const html = await render([], "en");
    expect(html).toContain("No news yet. Our first stories are on their way: check back soon.");
    expect(html).toContain('id="newsletter-title"');
    expect(html).not.toContain("<article");
  });

  it("has the empty text in Dutch", async () => {
    expect(await render([], "nl")).toContain("Nog geen nieuws.");
  });

  it("features the first article beside the newsletter and lists the rest under 'More news'", async () => {
    const html = await render([article(1), article(2), article(3)], "en");
    expect(html).not.toContain("No news yet");
    expect(html.match(/<article/g)).toHaveLength(3);
    const latest = html.slice(html.indexOf('aria-labelledby="news-latest"'), html.indexOf('aria-labelledby="news-more"'));
    expect(latest).toContain("Article 1");
    expect(latest).toContain('id="newsletter-title"');
    expect(latest).not.toContain("Article 2");
    expect(html.slice(html.indexOf('aria-labelledby="news-more"'))).toMatch(/Article 2[\s\S]*Article 3/);
    // Without a picture the card shows the designed no-picture panel (issue 11): 'image
    // unavailable' is only for a picture that failed to load.
    expect(html).toContain('data-testid="image-none"');
    expect(html).not.toContain("Image unavailable");
  });
});

describe("the news page's 'Load more' (issue 13)", () => {
  const many = Array.from({ length: 12 }, (_, i) => article(i + 1));

  it("is a plain link to the next page, scrolled to the first new card, so it works without JavaScript", async () => {
    const html = await render(many, "nl", { hasMore: true, page: 1 });
    expect(html).toMatch(/<a [^>]*href="\/news\?page=2#news-item-13"[^>]*>Meer laden<\/a>/);
    expect(html).toContain('id="news-item-1"');
    expect(html).toContain('id="news-item-12"');
    const english = await render([...many, ...many.map((a) => ({ ...a, id: `${a.id}b`, slug: `${a.slug}b` }))], "en", { hasMore: true, page: 2 });
    expect(english).toMatch(/<a [^>]*href="\/news\?page=3#news-item-25"[^>]*>Load more<\/a>/);
    // The cards keep the list's page, so the list under an opened article stays as it is.
    expect(english).toContain('href="/news/article-1?page=2"');
  });

  it("is not there when every article is shown", async () => {
    const html = await render(many, "en", { hasMore: false, page: 1 });
    expect(html).not.toContain("Load more");
    expect(html).not.toContain("page=2");
    expect(html).toContain('href="/news/article-1"');
  });
});

describe("article markdown", () => {
  const renderMarkdown = (content: string) =>
    renderToString(
      <MemoryRouter>
        <Markdown content={content} />
      </MemoryRouter>,
    );

  it("renders headings below the dialog's title, lists, tables and links", () => {
    const html = renderMarkdown(
      "## Plan\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Calendar](/calendar) and [site](https://example.com)",
    );
    expect(html).toContain("<h3>Plan</h3>");
    expect(html).toMatch(/<ul>[\s\S]*<li>one<\/li>/);
    expect(html).toContain("<table>");
    expect(html).toContain('href="/calendar"');
    expect(html).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">site<\/a>/);
  });

  it("drops raw HTML and dangerous links", () => {
    const html = renderMarkdown('Hi <script>alert(1)</script><img src=x onerror="alert(1)"> <b>bold</b>\n\n[click](javascript:alert(1))');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("click");
  });
});
