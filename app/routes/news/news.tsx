import { ArrowLeft } from "lucide-react";
import { useRef } from "react";
import { Link, Outlet, useLocation, useNavigation } from "react-router";
import { ArticleCard, SIZES_FEATURED, type ArticleCardData } from "~/components/article-card";
import { pictureSources, srcSetPreload } from "~/components/picture";
import { listPage, LoadMore } from "~/components/load-more";
import { NewsletterForm } from "~/components/newsletter-form";
import { useI18n } from "~/i18n";
import "~/i18n/news";
import { requestLocale } from "~/i18n/locale.server";
import { pageMeta } from "~/lib/seo";
import { publishedArticleSummaries } from "@server/articles/queries.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/news";

/** Articles per 'Load more' step: the featured one and eleven more fill the grid's rows. */
const NEWS_PAGE_SIZE = 12;

/**
 * The first `page` pages of cards (`?page=N`, see LoadMore). Cards only: an article's text is
 * loaded by its dialog's route (/news/<slug>) when it opens.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const page = listPage(new URL(request.url).searchParams);
  const { articles, hasMore } = await publishedArticleSummaries(db(), locale, { limit: page * NEWS_PAGE_SIZE });
  return { articles, hasMore, page };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  // The featured card's picture is the page's largest paint: preloaded from the head.
  const featured = data?.articles[0];
  const sources = featured ? pictureSources(featured.image, featured.imageSources) : null;
  return pageMeta({
    title: "news.meta.title",
    description: "news.meta.description",
    path: "/news",
    publicUrl,
    locale,
    languageAddress,
    largestPicture: sources ? srcSetPreload(sources.avif, SIZES_FEATURED) : undefined,
  });
}

function PageHeader() {
  const { t } = useI18n();
  return (
    <header className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-ocean-700 pb-14 pt-28 text-white sm:pb-20 sm:pt-36">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="mb-8 inline-flex items-center gap-2 rounded-md border border-white/30 px-3 py-1.5 text-sm font-semibold text-foam-100 transition-colors hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t("news.back")}
        </Link>
        <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{t("news.kicker")}</p>
        <h1 className="mt-2 text-5xl font-bold uppercase leading-none sm:text-7xl">{t("news.title")}</h1>
        <p className="mt-5 max-w-2xl text-lg text-foam-200">{t("news.intro")}</p>
      </div>
    </header>
  );
}

function NewsletterCard() {
  return (
    <div
      id="newsletter"
      aria-labelledby="newsletter-title"
      role="region"
      className="scroll-mt-24 rounded-lg bg-navy-900 p-6 text-white shadow-lg sm:p-8"
    >
      <NewsletterForm variant="card" />
    </div>
  );
}

function ArticleSkeleton({ featured = false }: { featured?: boolean }) {
  return (
    <div aria-hidden className={featured ? "lg:col-span-2" : undefined}>
      <div className="animate-pulse overflow-hidden rounded-lg border bg-card">
        <div className="aspect-[16/9] bg-slate-200" />
        <div className="space-y-3 p-5">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="h-6 w-4/5 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-2/3 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}

function LoadingState() {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" data-testid="news-loading">
      <span className="sr-only">{t("news.loading")}</span>
      <div className="grid gap-6 lg:grid-cols-3">
        <ArticleSkeleton featured />
        <ArticleSkeleton />
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <ArticleSkeleton />
        <ArticleSkeleton />
        <ArticleSkeleton />
      </div>
    </div>
  );
}

/** The list's address for a page (1 is the plain /news); `first` is the card to scroll to. */
function newsHref(page: number, first?: number): string {
  return `${page > 1 ? `/news?page=${page}` : "/news"}${first ? `#news-item-${first}` : ""}`;
}

function LoadedState({ articles, hasMore = false, page = 1 }: { articles: ArticleCardData[]; hasMore?: boolean; page?: number }) {
  const { t } = useI18n();
  const listRef = useRef<HTMLDivElement>(null);
  const [featured, ...rest] = articles;
  // Opening an article keeps the list's page, so the list under the dialog stays as it is.
  const search = page > 1 ? `?page=${page}` : "";
  return (
    <div ref={listRef}>
      <section aria-labelledby="news-latest" className="grid items-start gap-6 lg:grid-cols-3">
        <h2 id="news-latest" className="sr-only">
          {t("news.latest")}
        </h2>
        {/* The featured card's picture is the page's largest paint: loaded first, not lazily. */}
        <ArticleCard article={featured} featured priority search={search} id="news-item-1" className="lg:col-span-2" />
        <NewsletterCard />
      </section>
      {rest.length > 0 ? (
        <section aria-labelledby="news-more" className="below-fold mt-16">
          <h2 id="news-more" className="mb-6 text-3xl font-bold uppercase text-navy-900 sm:text-4xl">
            {t("news.more")}
          </h2>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {rest.map((article, index) => (
              <ArticleCard key={article.id} article={article} search={search} id={`news-item-${index + 2}`} />
            ))}
          </div>
        </section>
      ) : null}
      {hasMore ? (
        <LoadMore
          href={newsHref(page + 1, articles.length + 1)}
          label={t("news.loadMore")}
          loadingLabel={t("news.loadingMore")}
          itemCount={articles.length}
          listRef={listRef}
          itemSelector="a[data-article-opener]"
          testId="news-load-more"
        />
      ) : null}
    </div>
  );
}

function EmptyState() {
  const { t } = useI18n();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <p
        className="rounded-lg border border-dashed bg-foam-100 p-10 text-center text-lg text-muted-foreground lg:col-span-2"
        data-testid="news-empty"
      >
        {t("news.empty")}
      </p>
      <NewsletterCard />
    </div>
  );
}

/**
 * The list shows skeletons only while its own data reloads (e.g. after a language switch),
 * not while an article's dialog opens or closes over it.
 */
function useListReloading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  // 'Load more' (?page=) keeps the cards shown and appends: no skeletons for it.
  const rest = (search: string) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    params.sort();
    return params.toString();
  };
  return (
    navigation.state === "loading" &&
    navigation.location.pathname.replace(/\/$/, "") === "/news" &&
    rest(navigation.location.search) !== rest(location.search)
  );
}

export default function News({ loaderData }: Route.ComponentProps) {
  const reloading = useListReloading();
  const { articles, hasMore, page } = loaderData;
  return (
    <>
      <PageHeader />
      <div className="bg-white py-14 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {reloading ? <LoadingState /> : articles.length === 0 ? <EmptyState /> : <LoadedState articles={articles} hasMore={hasMore} page={page} />}
        </div>
      </div>
      {/* The article dialog (/news/<slug>) renders here, over the list. */}
      <Outlet />
    </>
  );
}
