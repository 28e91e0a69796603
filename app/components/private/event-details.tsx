import { Check, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "~/i18n";
import type { EventView } from "~/lib/events";
import { cn } from "~/lib/utils";
import { langOf } from "~/lib/content-language";
import { LanguageNote } from "../language-note";
import { ImageWithFallback } from "../picture";
import "~/i18n/private";

export type Fact = { icon: LucideIcon; label: string; value: ReactNode; testId?: string; /** Spans both columns of a two-column list. */ wide?: boolean };

/** The event's key facts (date, time, place, price …) as a definition list with icons. */
export function FactList({ facts, className }: { facts: Fact[]; className?: string }) {
  return (
    <dl className={cn("grid gap-4", className)}>
      {facts.map(({ icon: Icon, label, value, testId, wide }) => (
        // A <dl>'s groups may hold only <dt> and <dd>: the icon sits inside the <dt>.
        <div key={label} className={cn("relative min-h-10 min-w-0 pl-12", wide && "sm:col-span-2")}>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            <span aria-hidden className="absolute left-0 top-0.5 inline-flex size-9 items-center justify-center rounded-full bg-foam-100 text-ocean-700">
              <Icon className="size-4" />
            </span>
            {label}
          </dt>
          <dd className="font-medium text-navy-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "What's included" / "Inbegrepen". */
export function IncludedList({ title, items, headingLevel = 3, lang }: { title: string; items: string[]; headingLevel?: 2 | 3 | 4; lang?: string }) {
  if (items.length === 0) return null;
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <div>
      <Heading className="mb-3 text-xl font-semibold uppercase tracking-wide text-navy-900">{title}</Heading>
      <ul lang={lang} className="grid gap-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2.5 text-slate-700">
            <Check className="mt-0.5 size-5 shrink-0 text-signal-500" aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The event's picture, if it has one: the left column of the card, full width on a phone. */
export function EventImage({ src, aspectClassName = "aspect-[16/9]" }: { src: string | null; aspectClassName?: string }) {
  if (!src) return null;
  return (
    <ImageWithFallback src={src} alt="" width={1280} height={720} sizes="(min-width: 1024px) 700px, 100vw" className={cn("w-full object-cover", aspectClassName)} />
  );
}

/**
 * The private pages' event card: picture, name, description and what is included on the left;
 * the page's facts and its call to action (children) in the aside.
 */
export function PrivateEventCard({
  event,
  facts,
  testId,
  children,
  pageTitle,
}: {
  event: EventView;
  facts: Fact[];
  testId: string;
  children?: ReactNode;
  /** The page's main heading: the card leaves out the event's name when it only repeats it. */
  pageTitle?: string;
}) {
  const { t } = useI18n();
  const nameShown = pageTitle?.trim().toLowerCase() !== event.name.trim().toLowerCase();
  return (
    <article className="grid overflow-hidden rounded-xl border bg-white shadow-xl shadow-navy-900/5 lg:grid-cols-[1.4fr_1fr]" data-testid={testId}>
      <div>
        <EventImage src={event.imageUrl} />
        <div className="space-y-6 p-6 sm:p-8">
          {nameShown && (
            <h2 lang={langOf(event.fallback, "name")} className="text-3xl font-bold uppercase leading-tight text-navy-900 sm:text-4xl">
              {event.name}
            </h2>
          )}
          <LanguageNote fallback={event.fallback} kind="event" />
          <p lang={langOf(event.fallback, "description")} className="text-lg leading-relaxed text-slate-700">
            {event.description}
          </p>
          {/* Under the event's name, or straight under the page's heading when the name is left out. */}
          <IncludedList title={t("private.included")} items={event.included} headingLevel={nameShown ? 3 : 2} lang={langOf(event.fallback, "included")} />
        </div>
      </div>
      <aside className="flex flex-col gap-6 border-t bg-foam-100/50 p-6 sm:p-8 lg:border-l lg:border-t-0">
        <FactList facts={facts} />
        {children}
      </aside>
    </article>
  );
}
