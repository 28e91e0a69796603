import { Mail, MapPin } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { useI18n } from "~/i18n";
import type { RootData } from "~/lib/seo";
import { SOCIAL_LINKS } from "./social-icons";

export function SiteFooter() {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const email = root?.teamEmail ?? "";
  return (
    <footer className="below-fold bg-navy-950 text-foam-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="font-display text-2xl font-bold uppercase tracking-wider text-white">{t("site.name")}</p>
          <p className="mt-2 max-w-xs text-sm text-foam-200/80">{t("site.tagline")}</p>
        </div>
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-white">{t("footer.contact")}</p>
          <p className="flex items-center gap-2">
            <Mail className="size-4" aria-hidden />
            <a href={`mailto:${email}`} className="hover:text-white hover:underline">
              {email}
            </a>
          </p>
          <p className="flex items-center gap-2">
            <MapPin className="size-4" aria-hidden />
            {t("footer.location")}
          </p>
        </div>
        <div className="space-y-3 text-sm">
          <p className="font-semibold text-white">{t("footer.follow")}</p>
          <ul className="flex gap-3">
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={name}
                  className="inline-flex size-10 items-center justify-center rounded-full border border-white/20 text-white hover:bg-white/10"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-foam-200/70 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {t("site.name")}. {t("footer.rights")}
          </p>
          <nav className="flex gap-4" aria-label={t("footer.contact")}>
            <Link to="/privacy" className="hover:text-white hover:underline">
              {t("footer.privacy")}
            </Link>
            <Link to="/servicevoorwaarden" className="hover:text-white hover:underline">
              {t("footer.terms")}
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
