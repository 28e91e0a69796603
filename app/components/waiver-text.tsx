import { translate, type Locale } from "~/i18n";
import { WAIVER_VERSION, waiver, waiverNl, type Waiver } from "~/content/waiver";
import { cn } from "~/lib/utils";
import "~/i18n/content";

type HeadingLevel = 2 | 3 | 4 | 5;

export const WAIVER_TEXTS: Record<Locale, Waiver> = { en: waiver, nl: waiverNl };

/**
 * The liability waiver with its ten parts, in the given language. The language is a prop rather
 * than the page's, because the English terms page and a Dutch registration dialog both show it.
 *
 * - `headingLevel`: the level of each part's heading (the waiver's own title, when shown with
 *   `withTitle`, sits one level above it), so the text fits the outline of the host page.
 * - `idPrefix`: gives every part an id (`<prefix>-risk` …) for deep links; leave it out where the
 *   waiver may be rendered twice on one page.
 * - `compact`: smaller text, closer parts (inside the registration form's scroll box).
 */
export function WaiverText({
  locale,
  headingLevel = 3,
  withTitle = false,
  idPrefix,
  compact = false,
  className,
}: {
  locale: Locale;
  headingLevel?: HeadingLevel;
  withTitle?: boolean;
  idPrefix?: string;
  compact?: boolean;
  className?: string;
}) {
  const text = WAIVER_TEXTS[locale];
  const PartHeading = `h${headingLevel}` as const;
  const TitleHeading = `h${Math.max(2, headingLevel - 1)}` as "h2" | "h3" | "h4";
  return (
    <div lang={locale} className={cn(compact ? "space-y-4 text-sm" : "space-y-6 text-base leading-relaxed", "text-slate-700", className)} data-waiver-version={WAIVER_VERSION}>
      {withTitle && <TitleHeading className="text-2xl font-bold uppercase text-navy-900">{text.title}</TitleHeading>}
      <p>{text.intro}</p>
      <ol className="space-y-6" aria-label={text.title}>
        {text.parts.map((part) => (
          <li key={part.id} id={idPrefix ? `${idPrefix}-${part.id}` : undefined} data-waiver-part={part.id} className="scroll-mt-24">
            <PartHeading className="text-xl font-semibold uppercase tracking-wide text-navy-900">{part.title}</PartHeading>
            <div className="mt-2 space-y-3">
              {part.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">{translate(locale, "content.waiver.version", { version: WAIVER_VERSION })}</p>
    </div>
  );
}
