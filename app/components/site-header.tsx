import { MapPin, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { forcedLocale, translator, useI18n, type Locale, type MessageKey } from "~/i18n";
import type { RootData } from "~/lib/seo";
import { cn } from "~/lib/utils";

/** The spec's order: home, news, about, calendar, videos, contact. Hashes are sections of "/". */
export const NAV_ITEMS: { key: MessageKey; to: string }[] = [
  { key: "nav.home", to: "#home" },
  { key: "nav.news", to: "#news" },
  { key: "nav.about", to: "#team" },
  { key: "nav.calendar", to: "/calendar" },
  { key: "nav.videos", to: "/videos" },
  { key: "nav.contact", to: "#contact" },
];

function NavLink({ to, children, onNavigate, className }: { to: string; children: React.ReactNode; onNavigate: () => void; className: string }) {
  const { pathname } = useLocation();
  if (to.startsWith("#")) {
    // On the home page a plain anchor scrolls smoothly; elsewhere go home first, and
    // ScrollRestoration scrolls to the section once it is rendered.
    if (pathname === "/") {
      return (
        <a href={to} onClick={onNavigate} className={className}>
          {children}
        </a>
      );
    }
    return (
      <Link to={`/${to}`} onClick={onNavigate} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <Link to={to} onClick={onNavigate} className={className} aria-current={pathname === to ? "page" : undefined}>
      {children}
    </Link>
  );
}

/** The language a page forces (`handle = { locale }`), if any. */
function useForcedLocale(): Locale | undefined {
  return forcedLocale(useMatches().map((match) => match.handle));
}

/** The visitor's stored language choice (the root's), which a forced page does not change. */
function useChosenLocale(): Locale {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.locale ?? "nl";
}

function LanguageToggle({ className }: { className?: string }) {
  const chosen = useChosenLocale();
  const forced = useForcedLocale();
  const location = useLocation();
  // On a page in one language the toggle switches the rest of the site: it names the choice's
  // opposite, and the notice below the header says what happened.
  const { locale } = useI18n();
  const current = forced ? chosen : locale;
  const t = translator(current);
  const target: Locale = current === "nl" ? "en" : "nl";
  const params = new URLSearchParams(location.search);
  params.set("lang", target);
  return (
    <Link
      to={`${location.pathname}?${params.toString()}${location.hash}`}
      replace
      preventScrollReset
      className={cn(
        "inline-flex h-9 min-w-11 items-center justify-center rounded-md border border-white/40 px-3 text-sm font-bold tracking-wide text-white hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white",
        className,
      )}
      // The accessible name starts with the visible label (WCAG 2.5.3).
      aria-label={`${t("lang.toggle")} – ${t("lang.toggleLabel")}`}
      lang={target}
      hrefLang={target}
      title={forced ? t(`lang.onlyIn.${forced}` as const) : undefined}
      data-testid="language-toggle"
    >
      {t("lang.toggle")}
    </Link>
  );
}

/**
 * On a page that forces its language, a toggle click stores the choice for the rest of the site:
 * say so (in the chosen language), and take `?lang=` out of the address once it is stored.
 */
function LanguageNotice() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const forced = useForcedLocale();
  const location = useLocation();
  const [notice, setNotice] = useState<{ chosen: Locale; forced: Locale } | null>(null);
  const chosen = root?.locale;

  useEffect(() => {
    if (!forced || !chosen) return;
    const params = new URLSearchParams(location.search);
    if (!params.has("lang")) return;
    if (root?.langChanged) setNotice({ chosen, forced });
    params.delete("lang");
    const search = params.toString();
    // The address only: React Router keeps its state, and no loader runs again.
    window.history.replaceState(window.history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
  }, [forced, chosen, root?.langChanged, location.pathname, location.search, location.hash]);

  useEffect(() => setNotice(null), [location.pathname]);

  if (!notice) return null;
  const t = translator(notice.chosen);
  return (
    <div lang={notice.chosen} className="border-t border-white/10 bg-navy-800 text-sm text-white" data-testid="language-notice">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2 sm:px-6 lg:px-8">
        <p role="status">
          {notice.chosen !== notice.forced && <>{t(`lang.onlyIn.${notice.forced}` as const)} </>}
          {t("lang.switched")}
        </p>
        <button
          type="button"
          onClick={() => setNotice(null)}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <X className="size-4" aria-hidden />
          <span className="sr-only">{t("common.close")}</span>
        </button>
      </div>
    </div>
  );
}

// The navigation links: the same look in the bar and in the mobile menu, larger there.
const LINK_CLASS =
  "rounded-md px-3 py-2 font-medium text-white/90 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white";
const DESKTOP_LINK_CLASS = `${LINK_CLASS} text-sm`;
const MOBILE_LINK_CLASS = `${LINK_CLASS} block text-base`;

export function SiteHeader() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();

  const menuButton = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  // Escape or a tap outside the header closes the menu; focus goes back to the menu button.
  useEffect(() => {
    if (!open) return;
    const closeAndReturn = () => {
      setOpen(false);
      menuButton.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeAndReturn();
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current || headerRef.current.contains(event.target as Node)) return;
      setOpen(false);
      // After the tap's own focus change: back to the menu button unless the tap focused
      // something else (a link, a field).
      window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) menuButton.current?.focus();
      }, 0);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 24);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const close = () => setOpen(false);
  return (
    <header
      ref={headerRef}
      className={cn(
        "fixed inset-x-0 top-0 z-40 transition-colors duration-300",
        scrolled || open || location.pathname !== "/" ? "bg-navy-900/95 shadow-lg backdrop-blur" : "bg-gradient-to-b from-navy-950/70 to-transparent",
      )}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-navy-900">
        {t("nav.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-white" aria-label={t("site.name")}>
          {/* Low priority: otherwise React preloads it ahead of the stylesheet on every page. */}
          <img src="/favicon.svg" alt="" width={32} height={32} fetchPriority="low" className="size-8" />
          <span className="font-display text-xl font-bold uppercase tracking-wider">{t("site.name")}</span>
        </Link>

        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.key} to={item.to} onNavigate={close} className={DESKTOP_LINK_CLASS}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <Link
            to="/waar-is-de-boot"
            className="hidden items-center gap-1.5 rounded-md bg-signal-700 px-3 py-2 text-sm font-semibold text-white shadow hover:bg-signal-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white sm:inline-flex"
          >
            <MapPin className="size-4" aria-hidden />
            {t("nav.boat")}
          </Link>
          <LanguageToggle />
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>

      <LanguageNotice />

      {open && (
        <nav id="mobile-menu" aria-label={t("nav.main")} className="border-t border-white/10 bg-navy-900 px-4 pb-4 lg:hidden">
          <ul className="flex flex-col py-2">
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} onNavigate={close} className={MOBILE_LINK_CLASS}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link
            to="/waar-is-de-boot"
            onClick={close}
            className="flex items-center justify-center gap-1.5 rounded-md bg-signal-700 px-3 py-2.5 font-semibold text-white hover:bg-signal-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <MapPin className="size-4" aria-hidden />
            {t("nav.boat")}
          </Link>
        </nav>
      )}
    </header>
  );
}
