import { data } from "react-router";
import { SiteError } from "~/components/site-error";
import { translate } from "~/i18n";
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
  return <SiteError />;
}
