import type { ReactNode } from "react";
import { translator, type Locale } from "~/i18n";
import { formatLongDate } from "./format-date";
import { PageHeader } from "./page-header";
import "~/i18n/content";

export type TocEntry = { id: string; label: string; children?: TocEntry[] };

/**
 * The frame of a legal text (privacy policy, terms): title, last-updated date, a table of
 * contents that stays in view on wide screens, and the sections as children. Takes the language
 * as a prop because the terms are English whatever the visitor's choice.
 */
export function LegalDocument({
  locale,
  title,
  lastUpdated,
  intro,
  toc,
  children,
}: {
  locale: Locale;
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  toc: TocEntry[];
  children: ReactNode;
}) {
  const t = translator(locale);
  return (
    <>
      <PageHeader
        kicker={t("content.legal.kicker")}
        title={title}
        lead={
          <p className="text-base">
            {t("content.legal.lastUpdated")}:{" "}
            <time dateTime={lastUpdated}>{formatLongDate(lastUpdated, locale)}</time>
          </p>
        }
      />
      <div className="bg-foam-100/60">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:px-8 lg:py-16">
          <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
            <div className="rounded-lg border bg-white p-5 shadow-sm">
              <h2 id="toc-title" className="text-lg font-bold uppercase tracking-wide text-navy-900">
                {t("content.legal.toc")}
              </h2>
              <TocList entries={toc} className="mt-3 text-sm sm:columns-2 sm:gap-6 lg:columns-1" />
            </div>
          </nav>
          <article className="min-w-0 rounded-lg border bg-white p-5 shadow-sm sm:p-10">
            <div className="text-lg leading-relaxed text-slate-700">{intro}</div>
            <div className="mt-10 space-y-12">{children}</div>
          </article>
        </div>
      </div>
    </>
  );
}

function TocList({ entries, className }: { entries: TocEntry[]; className?: string }) {
  return (
    <ol className={className}>
      {entries.map((entry) => (
        <li key={entry.id} className="break-inside-avoid py-0.5">
          <a href={`#${entry.id}`} className="block rounded px-2 py-1 text-slate-700 hover:bg-foam-100 hover:text-ocean-700">
            {entry.label}
          </a>
          {entry.children && <TocList entries={entry.children} className="ml-3 border-l pl-2 text-[0.8125rem]" />}
        </li>
      ))}
    </ol>
  );
}

/** One numbered or titled section of a legal text, reachable from the table of contents. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold uppercase text-navy-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}
