import { Link } from "react-router";
import { useI18n } from "~/i18n";
import type { ArticleView } from "~/lib/articles";
import { formatArticleDate } from "~/lib/dates";
import { langOf } from "~/lib/content-language";
import { cn } from "~/lib/utils";
import { ImageWithFallback } from "./picture";
import { Badge } from "./ui/badge";

/** What a card shows: lists send only this, never the article's text. */
export type ArticleCardData = Pick<ArticleView, "id" | "slug" | "title" | "description" | "date" | "category" | "image" | "imageSources" | "fallback">;

/**
 * The picture's rendered width: the featured card spans two of three columns of the 80rem
 * container, the others one column (two on tablets), full width on phones.
 */
export const SIZES_FEATURED = "(min-width: 1280px) 824px, (min-width: 1024px) 66vw, 100vw";
const SIZES_CARD = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

/**
 * An article teaser; opens the article's dialog at /news/<slug> (with `search`, e.g. the list's
 * `?page=2`, so the list under the dialog stays as it is). `priority` for the card whose picture
 * is the page's largest paint: loaded at once and first; every other card's picture lazily.
 */
export function ArticleCard({
  article,
  featured = false,
  priority = false,
  search = "",
  id,
  className,
}: {
  article: ArticleCardData;
  featured?: boolean;
  priority?: boolean;
  search?: string;
  id?: string;
  className?: string;
}) {
  const { t, locale } = useI18n();
  return (
    <article
      id={id}
      className={cn(
        "group relative scroll-mt-24 flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2",
        className,
      )}
    >
      <div className="overflow-hidden">
        <ImageWithFallback
          title={article.title}
          src={article.image}
          sources={article.imageSources}
          sizes={featured ? SIZES_FEATURED : SIZES_CARD}
          priority={priority}
          deferred
          alt=""
          width={1280}
          height={720}
          className="aspect-[16/9] w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <Badge variant={article.category === "victory" ? "accent" : "secondary"}>{t(`news.category.${article.category}` as const)}</Badge>
          <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
        </div>
        <h3 lang={langOf(article.fallback, "title")} className={cn("font-semibold text-navy-900", featured ? "text-3xl" : "text-2xl")}>
          <Link
            to={`/news/${article.slug}${search}`}
            preventScrollReset
            data-article-opener={article.slug}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {article.title}
          </Link>
        </h3>
        <p lang={langOf(article.fallback, "description")} className={cn("text-muted-foreground", featured ? "text-base" : "line-clamp-3 text-sm")}>
          {article.description}
        </p>
        <span className="mt-auto text-sm font-semibold text-ocean-600 group-hover:underline">{t("common.readMore")} →</span>
      </div>
    </article>
  );
}
