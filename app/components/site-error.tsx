import { isRouteErrorResponse, Link } from "react-router";
import { useI18n } from "~/i18n";
import { siteTitle } from "~/lib/seo";

/**
 * What the site shows in place of a page: for a 404 the spec's 'Oops! Page not found' and a
 * link home, for any other error a short apology. In the visitor's language; a stack trace
 * only while developing. `title` also sets the document title (error boundaries have no meta).
 */
export function SiteError({ error, title = false }: { error?: unknown; title?: boolean }) {
  const { t } = useI18n();
  const notFound = error === undefined || (isRouteErrorResponse(error) && error.status === 404);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-5 bg-gradient-to-b from-navy-900 to-ocean-700 px-6 pt-16 text-center text-white">
      {title && <title>{siteTitle(t(notFound ? "notFound.title" : "error.title"))}</title>}
      <p className="font-display text-8xl font-bold text-signal-500">{notFound ? "404" : t("error.title")}</p>
      <h1 className="text-3xl font-semibold">{t(notFound ? "notFound.text" : "error.text")}</h1>
      {stack && <pre className="max-w-full overflow-auto rounded bg-navy-950/80 p-4 text-left text-xs">{stack}</pre>}
      <Link to="/" className="rounded-md bg-white px-5 py-2.5 font-semibold text-navy-900 hover:bg-foam-100">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
