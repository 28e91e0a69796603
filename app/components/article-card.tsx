import { Link } from "react-router";
import { useI18n } from "~/i18n";
import { formatArticleDate, type ArticleView } from "~/lib/articles";
import { cn } from "~/lib/utils";
import { ImageWithFallback } from "./picture";
import { Badge } from "./ui/badge";

/** An article teaser; opens the article's dialog at /news/<slug>. */
export function ArticleCard({ article, featured = false, className }: { article: ArticleView; featured?: boolean; className?: string }) {
  const { t, locale } = useI18n();
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2",
        className,
      )}
    >
      <div className="overflow-hidden">
        <ImageWithFallback
          title={article.title}
          src={article.image}
          sources={article.imageSources}
          sizes={featured ? "(min-width: 1024px) 66vw, 100vw" : "(min-width: 768px) 33vw, 100vw"}
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
        <h3 className={cn("font-semibold leading-tight text-navy-900", featured ? "text-3xl" : "text-2xl")}>
          <Link
            to={`/news/${article.slug}`}
            preventScrollReset
            data-article-opener={article.slug}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {article.title}
          </Link>
        </h3>
        <p className={cn("text-muted-foreground", featured ? "text-base" : "line-clamp-3 text-sm")}>{article.description}</p>
        <span className="mt-auto text-sm font-semibold text-ocean-600 group-hover:underline">{t("common.readMore")} →</span>
      </div>
    </article>
  );
}
