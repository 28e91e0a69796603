import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { now } from "@server/clock.server";
import { env } from "@server/env.server";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { SiteError } from "./components/site-error";
import { Toaster } from "./components/toaster";
import { effectiveLocale, LocaleContext, translate, type Locale } from "./i18n";
import { resolveLocale, storedLocale } from "./i18n/locale.server";
import { installAnchorScroll } from "./lib/anchor-scroll";
import { useNonce } from "./lib/nonce";
import type { RootData } from "./lib/seo";
import barlowLatin600 from "./fonts/barlow-condensed-latin-subset-600.woff2?url";
import barlowLatin700 from "./fonts/barlow-condensed-latin-subset-700.woff2?url";
import interLatin from "./fonts/inter-latin-subset-wght.woff2?url";

/**
 * The three latin font files every page uses, preloaded: with `font-display: swap` alone they
 * arrive after the first paint and the headings reflow (Lighthouse measured CLS 0.11 on /about).
 * The `?url` imports resolve to the same hashed files app.css refers to: the subsets of
 * app/fonts/latin-subset.css (68 KB instead of 94).
 */
const FONTS = [interLatin, barlowLatin700, barlowLatin600];

export const links: Route.LinksFunction = () => [
  // The one stylesheet blocks the first paint: with a precedence React writes it before the other
  // links of the head (the fonts' and scripts' preloads), so it is asked for first.
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  ...FONTS.map((href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" as const })),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { locale, setCookie } = await resolveLocale(request);
  const rootData: RootData = {
    locale,
    teamEmail: env().TEAM_EMAIL,
    publicUrl: env().publicUrl,
    now: now().toISOString(),
    langChanged: Boolean(setCookie) && (await storedLocale(request)) !== locale,
    languageAddress: new URL(request.url).searchParams.has("lang"),
    demo: env().SITE_MODE === "demo",
  };
  return data(rootData, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/** A route forces its language with `handle = { locale: "en" }` (e.g. the English terms). */
export function useEffectiveLocale(): Locale {
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  return effectiveLocale(matches.map((match) => match.handle), root?.locale);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const locale = useEffectiveLocale();
  const demo = useRouteLoaderData<typeof loader>("root")?.demo ?? false;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f33" />
        <Meta />
        <Links />
      </head>
      <body className={demo ? "pb-7" : undefined}>
        <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
        {demo && (
          // A demo left running by mistake must not look like a shop: said on every page. Under
          // the header and dialogs, and never in the way of a click.
          <aside
            aria-label={translate(locale, "common.demoLabel")}
            data-testid="demo-bar"
            className="pointer-events-none fixed inset-x-0 bottom-0 z-30 bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-slate-950"
          >
            {translate(locale, "common.demoBar")}
          </aside>
        )}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets browser tests wait for hydration before they click.
    document.documentElement.dataset.hydrated = "true";
    return installAnchorScroll();
  }, []);
  return <Outlet />;
}

/** An error outside the site layout (the admin login, the root itself): the site's error view, no header. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main">
      <SiteError error={error} title />
    </main>
  );
}
