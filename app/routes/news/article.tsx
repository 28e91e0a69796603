import { data, isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { ArticleDialog, RouteDialog } from "~/components/article-dialog";
import { translate, useI18n } from "~/i18n";
import "~/i18n/news";
import { requestLocale } from "~/i18n/locale.server";
import { seo, writtenLanguages } from "~/lib/seo";
import { publishedArticleBySlug, toArticleViews } from "@server/articles/queries.server";
import { db } from "@server/db/client.server";
import type { Route } from "./+types/article";

export async function loader({ request, params }: Route.LoaderArgs) {
  const post = await publishedArticleBySlug(db(), params.slug);
  // Unknown and unpublished articles alike: nothing to see here.
  if (!post) throw data(null, { status: 404 });
  const [article] = await toArticleViews(db(), [post], await requestLocale(request));
  // The page announces only the languages the article is written in (its hreflang alternates).
  const languages = writtenLanguages({ nl: [post.title, post.description, post.content], en: [post.titleEn, post.descriptionEn, post.contentEn] });
  return { article, languages };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  if (!loaderData) return [{ title: translate(locale, "news.notFoundTitle") }, { name: "robots", content: "noindex" }];
  const { article, languages } = loaderData;
  return [
    ...seo({
      title: translate(locale, "news.article.metaTitle", { title: article.title }),
      description: article.description,
      path: `/news/${article.slug}`,
      publicUrl,
      locale,
      languageAddress,
      languages,
      type: "article",
      // Only the project's own pictures are known to exist; anything else falls back to the site image.
      image: article.image?.startsWith("/images/") && !article.image.includes("missing") ? article.image : undefined,
    }),
    { property: "article:published_time", content: article.date },
    { property: "article:section", content: translate(locale, `news.category.${article.category}`) },
  ];
}

/** Closing goes back to the list where it was: the URL changes, the scroll position does not. */
function useCloseToList(): { close: () => void; href: string } {
  const navigate = useNavigate();
  const { search } = useLocation();
  const href = `/news${search}`;
  return { href, close: () => navigate(href, { preventScrollReset: true }) };
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { close, href } = useCloseToList();
  return <ArticleDialog key={loaderData.article.slug} article={loaderData.article} onClose={close} closeHref={href} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n();
  const { close, href } = useCloseToList();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <RouteDialog onClose={close} closeHref={href} closeLabel={t("news.closeArticle")} className="p-0" testId="article-not-found">
      {({ Title, Description }) => (
        <div className="flex flex-col gap-3 p-6 pt-8 sm:p-8">
          <p className="font-display text-6xl font-bold text-signal-500">{notFound ? "404" : "500"}</p>
          <Title className="text-3xl font-bold uppercase text-navy-900">{notFound ? t("news.notFoundTitle") : t("error.title")}</Title>
          <Description className="text-lg text-muted-foreground">{notFound ? t("news.notFoundText") : t("error.text")}</Description>
        </div>
      )}
    </RouteDialog>
  );
}
