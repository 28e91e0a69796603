import { CalendarDays, Check, Clock, FileText, MapPin, Users, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ReactNode } from "react";
import { useHydrated } from "~/lib/hydrated";
import { Link } from "react-router";
import { useI18n } from "~/i18n";
import { amountDue } from "~/lib/booking";
import { eventAction, showsPrice } from "~/lib/event-actions";
import { durationDays, type EventView } from "~/lib/events";
import { formatDate, formatDateRange } from "~/lib/dates";
import { EventAction } from "./event-action";
import { FactList } from "./private/event-details";
import { EventStatusBadge, KIND_ICONS } from "./event-card";
import { PriceNow } from "./price-now";
import { LanguageNote } from "./language-note";
import { langOf } from "~/lib/content-language";
import { returnFocus } from "~/lib/focus-return";

/**
 * Radix renders portals only in the browser. Until hydration the dialog is rendered in place,
 * so a shared `?event=` link shows the open dialog in the server's HTML, with or without
 * JavaScript; afterwards it moves into a portal as usual.
 */
function PortalWhenHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <DialogPrimitive.Portal>{children}</DialogPrimitive.Portal> : <>{children}</>;
}

function PriceBlock({ event, now }: { event: EventView; now: string }) {
  const { t } = useI18n();
  const free = event.priceCents === 0;
  const bookable = event.bookingMode === "registration" && !free && event.status === "upcoming";
  // What registering asks now (the server's rule): the whole price once the balance's due day has come.
  const due = amountDue(event, new Date(now));
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("events.price")}</p>
      <p className="font-display text-3xl font-bold text-navy-900">
        <PriceNow event={event} perPersonClassName="ml-0.5 font-sans" />
      </p>
      {bookable && due.amountDueCents > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="event-payment-note">
          {due.kind === "full" ? t("events.fullPaymentNote") : t("events.depositNote", { percent: due.depositPercent })}
        </p>
      )}
      {event.requiresApproval && event.bookingMode === "registration" && event.status === "upcoming" && (
        <p className="text-sm text-muted-foreground" data-testid="event-approval-note">
          {t("events.approvalNote")}
        </p>
      )}
    </div>
  );
}

export type EventDialogProps = {
  event: EventView;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The server's clock (ISO), which decides the action. */
  now: string;
  /** Where the close button leads: the same page without the dialog (works without JavaScript). */
  closeHref: string;
};

/** An event's details and its one action, in a Radix dialog (focus trap, Escape closes). Loaded by ./event-dialog. */
export function EventDialogContent({ event, open, onOpenChange, now, closeHref }: EventDialogProps) {
  const { t, locale } = useI18n();
  const Icon = KIND_ICONS[event.kind];
  const days = durationDays(event.startDate, event.endDate);
  const action = eventAction(event, new Date(now));
  const wideAction = action.kind === "interest" || action.kind === "waitlist" || action.kind === "walk_in";
  const placesLeft =
    event.bookingMode === "registration" && event.status === "upcoming" && event.placesLeft !== null && event.placesLeft > 0
      ? event.placesLeft
      : null;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PortalWhenHydrated>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-navy-950/75 backdrop-blur-sm" />
        <DialogPrimitive.Content
          data-testid="event-dialog"
          data-event-dialog
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus("event", event.slug);
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[92svh] w-[calc(100%-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-background shadow-2xl focus:outline-none"
        >
          {/* First in the dialog, so focus lands on it when the dialog opens. */}
          <Link
            to={closeHref}
            preventScrollReset
            className="absolute right-3 top-3 z-10 inline-flex size-9 items-center justify-center rounded-full bg-navy-950/60 text-white backdrop-blur transition-colors hover:bg-navy-950/80 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">{t("common.close")}</span>
          </Link>
          <div className="relative isolate flex min-h-44 items-end overflow-hidden bg-ocean-700 sm:min-h-56">
            {event.imageUrl && (
              <img src={event.imageUrl} alt="" width={1280} height={720} className="absolute inset-0 -z-20 size-full object-cover" />
            )}
            <div className="absolute inset-0 -z-10 bg-gradient-to-t from-navy-950/95 via-navy-950/55 to-navy-950/10" />
            <div className="w-full px-6 pb-5 pt-16 sm:px-8">
              <div className="mb-3 flex flex-wrap items-center gap-2">
                <EventStatusBadge event={event} />
                <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white backdrop-blur">
                  <Icon className="size-3.5" aria-hidden />
                  {t(`events.kind.${event.kind}` as const)}
                </span>
              </div>
              <DialogPrimitive.Title lang={langOf(event.fallback, "name")} className="pr-10 text-3xl font-bold uppercase leading-none text-white sm:text-5xl">
                {event.name}
              </DialogPrimitive.Title>
            </div>
          </div>

          <div className="space-y-7 px-6 py-6 sm:px-8">
            <LanguageNote fallback={event.fallback} kind="event" />
            <DialogPrimitive.Description lang={langOf(event.fallback, "description")} className="text-base leading-7 text-slate-700">
              {event.description}
            </DialogPrimitive.Description>

            <FactList
              className="sm:grid-cols-2"
              facts={[
                {
                  icon: CalendarDays,
                  label: t("events.dates"),
                  value: (
                    <>
                      {formatDateRange(event.startDate, event.endDate, locale)}
                      <span className="block text-sm font-normal text-muted-foreground">
                        {t(days === 1 ? "events.durationOne" : "events.duration", { days })}
                      </span>
                    </>
                  ),
                },
                {
                  icon: Clock,
                  label: t("events.startTime"),
                  value: formatDate(event.startDate, locale, { weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
                },
                { icon: MapPin, label: t("events.location"), value: event.location },
                ...(placesLeft !== null
                  ? [{ icon: Users, label: t("events.places"), value: placesLeft === 1 ? t("events.placesLeftOne") : t("events.placesLeft", { count: placesLeft }) }]
                  : []),
              ]}
            />

            {event.included.length > 0 && (
              <section aria-labelledby={`included-${event.slug}`}>
                <h3 id={`included-${event.slug}`} className="text-xl font-semibold uppercase text-navy-900">
                  {t("events.included")}
                </h3>
                <ul lang={langOf(event.fallback, "included")} className="mt-3 grid gap-2 sm:grid-cols-2">
                  {event.included.map((item) => (
                    <li key={item} className="flex gap-2 text-sm text-slate-700">
                      <Check className="mt-0.5 size-4 shrink-0 text-signal-500" aria-hidden />
                      {item}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {event.documentUrl && (
              <a
                href={event.documentUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 font-semibold text-ocean-600 underline-offset-4 hover:text-ocean-700 hover:underline"
              >
                <FileText className="size-4" aria-hidden />
                {event.documentName || t("events.document")}
                <span className="sr-only"> {t("events.newTab")}</span>
              </a>
            )}

            <div className="flex flex-col gap-4 border-t pt-6 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between" data-testid="event-action">
              {showsPrice(event) && <PriceBlock event={event} now={now} />}
              <div className={wideAction ? "w-full" : "w-full sm:w-auto"}>
                <EventAction event={event} now={now} />
              </div>
            </div>
          </div>

        </DialogPrimitive.Content>
      </PortalWhenHydrated>
    </DialogPrimitive.Root>
  );
}
