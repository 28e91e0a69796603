import { MapPin, Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useI18n, type MessageKey } from "~/i18n";
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

function LanguageToggle({ className }: { className?: string }) {
  const { locale, t } = useI18n();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("lang", locale === "nl" ? "en" : "nl");
  return (
    <Link
      to={`${location.pathname}?${params.toString()}${location.hash}`}
      replace
      preventScrollReset
      className={cn(
        "inline-flex h-9 min-w-11 items-center justify-center rounded-md border border-white/40 px-3 text-sm font-bold tracking-wide text-white hover:bg-white/10",
        className,
      )}
      aria-label={t("lang.toggleLabel")}
      hrefLang={locale === "nl" ? "en" : "nl"}
      data-testid="language-toggle"
    >
      {t("lang.toggle")}
    </Link>
  );
}

export function SiteHeader() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 24);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const close = () => setOpen(false);
  const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-white/90 transition-colors hover:bg-white/10 hover:text-white";

  return (
    <header
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
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span className="font-display text-xl font-bold uppercase tracking-wider">{t("site.name")}</span>
        </Link>

        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.key} to={item.to} onNavigate={close} className={linkClass}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <Link
            to="/waar-is-de-boot"
            className="hidden items-center gap-1.5 rounded-md bg-signal-500 px-3 py-2 text-sm font-semibold text-white shadow hover:bg-signal-600 sm:inline-flex"
          >
            <MapPin className="size-4" aria-hidden />
            {t("nav.boat")}
          </Link>
          <LanguageToggle />
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>

      {open && (
        <nav id="mobile-menu" aria-label={t("nav.main")} className="border-t border-white/10 bg-navy-900 px-4 pb-4 lg:hidden">
          <ul className="flex flex-col py-2">
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} onNavigate={close} className={cn(linkClass, "block text-base")}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link
            to="/waar-is-de-boot"
            onClick={close}
            className="flex items-center justify-center gap-1.5 rounded-md bg-signal-500 px-3 py-2.5 font-semibold text-white hover:bg-signal-600"
          >
            <MapPin className="size-4" aria-hidden />
            {t("nav.boat")}
          </Link>
        </nav>
      )}
    </header>
  );
}
