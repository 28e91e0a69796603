import { data, Link } from "react-router";
import { translate, useI18n } from "~/i18n";
import { siteTitle, type RootData } from "~/lib/seo";
import type { Route } from "./+types/not-found";

// Any path no other route takes: a real 404 status, inside the site's layout.
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = (matches[0].loaderData as RootData | undefined)?.locale ?? "nl";
  return [{ title: siteTitle(translate(locale, "notFound.title")) }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const { t } = useI18n();
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-5 bg-gradient-to-b from-navy-900 to-ocean-700 px-6 pt-16 text-center text-white">
      <p className="font-display text-8xl font-bold text-signal-500">404</p>
      <h1 className="text-3xl font-semibold">{t("notFound.text")}</h1>
      <Link to="/" className="rounded-md bg-white px-5 py-2.5 font-semibold text-navy-900 hover:bg-foam-100">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
