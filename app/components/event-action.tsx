import { CalendarClock, Footprints, ListPlus, Mail, MailQuestion, Sparkles } from "lucide-react";
import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { useI18n } from "~/i18n";
import "~/i18n/waitlist";
import { eventAction, eventActionLabel, type EventAction as Action } from "~/lib/event-actions";
import type { EventView } from "~/lib/events";
import type { RootData } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { interestPath, waitlistPath } from "~/lib/event-signup-paths";
import { InlineInterestForm, InlineWaitlistForm } from "./lazy-signup-form";
import { RegistrationDialog } from "./registration-dialog";
import { Button } from "./ui/button";

/** A plain click (no new tab or window wanted) that the page may handle itself. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function registerPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/register`;
}

function Notice({ icon, title, children, tone = "info" }: { icon: ReactNode; title: string; children: ReactNode; tone?: "info" | "warning" }) {
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border p-4",
        tone === "warning" ? "border-signal-500/40 bg-signal-500/5" : "border-ocean-500/30 bg-foam-100",
      )}
    >
      <span className="mt-0.5 shrink-0 text-ocean-700 [&_svg]:size-5">{icon}</span>
      <div className="space-y-2">
        <p className="font-semibold text-navy-900">{title}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * The one thing a visitor can do with an event, as the action table decides it with the
 * server's clock (`now` comes from the loader, never from the browser). Register and Show
 * Interest are links to real pages, so they work before hydration; once hydrated they open the
 * registration dialog or the interest form in place.
 */
export function EventAction({ event, now, registrationNote }: { event: EventView; now: string | Date; registrationNote?: ReactNode }) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const [registering, setRegistering] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  const [showInterest, setShowInterest] = useState(false);
  const action: Action = eventAction(event, typeof now === "string" ? new Date(now) : now);
  const label = eventActionLabel(action, locale);

  switch (action.kind) {
    case "register":
      return (
        <>
          <Button asChild variant="accent" size="lg" className="w-full sm:w-auto">
            <a
              ref={opener}
              href={registerPath(event.slug)}
              data-action="register"
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                setRegistering(true);
              }}
            >
              {label}
            </a>
          </Button>
          <RegistrationDialog
            event={event}
            now={now}
            open={registering}
            onOpenChange={setRegistering}
            note={registrationNote}
            returnFocusTo={opener}
          />
        </>
      );
    case "interest":
      return showInterest ? (
        <section aria-labelledby={`interest-title-${event.slug}`} className="rounded-lg border bg-foam-100/60 p-4 sm:p-5">
          <h3 id={`interest-title-${event.slug}`} className="text-xl font-semibold uppercase text-navy-900">
            {t("events.interest.title")}
          </h3>
          <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("events.interest.intro", { event: event.name })}</p>
          <InlineInterestForm event={event} />
        </section>
      ) : (
        <Button asChild variant="accent" size="lg" className="w-full sm:w-auto">
          <a
            href={interestPath(event.slug)}
            data-action="interest"
            onClick={(e) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              setShowInterest(true);
            }}
          >
            <Sparkles aria-hidden />
            {label}
          </a>
        </Button>
      );
    case "waitlist": {
      const subject = t("events.action.waitlistSubject", { event: event.name });
      const email = root?.teamEmail ?? "";
      return (
        <Notice icon={<MailQuestion aria-hidden />} title={label} tone="warning">
          <p className="text-sm text-slate-700">{t("waitlist.action.full")}</p>
          <WaitlistJoin event={event} />
          <p className="text-sm">
            <a
              href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
              data-action="waitlist-mail"
              className="inline-flex items-center gap-1.5 font-medium text-ocean-700 underline underline-offset-2 hover:text-navy-900"
            >
              <Mail className="size-4" aria-hidden />
              {t("waitlist.action.mailInstead")}
            </a>
          </p>
        </Notice>
      );
    }
    case "fully_booked":
      // Full: the state stays visible, and the way onto the waiting list comes with it.
      return (
        <div className="grid gap-3">
          <Button variant="secondary" size="lg" disabled className="w-full sm:w-auto" data-action="fully_booked">
            {label}
          </Button>
          <Notice icon={<MailQuestion aria-hidden />} title={t("waitlist.action.full")} tone="warning">
            <WaitlistJoin event={event} />
          </Notice>
        </div>
      );
    case "walk_in":
      return (
        <Notice icon={<Footprints aria-hidden />} title={label}>
          <p className="text-sm text-slate-700" data-action="walk_in">
            {t("events.action.walkInText")}
          </p>
        </Notice>
      );
    case "not_open":
      return (
        <Button variant="accent" size="lg" disabled className="w-full sm:w-auto" data-action="not_open">
          <CalendarClock aria-hidden />
          {label}
        </Button>
      );
    case "cancelled":
      // Cancelled: a state with the team's message (decision 015), and no button at all.
      return (
        <div role="status" className="rounded-lg border border-red-300 bg-red-50 p-4" data-action="cancelled" data-testid="event-cancelled">
          <p className="font-semibold uppercase tracking-wide text-red-800">{label}</p>
          {event.cancellationMessage && <p className="mt-1 whitespace-pre-line text-navy-900">{event.cancellationMessage}</p>}
        </div>
      );
    default:
      // Fully booked, finished, ongoing: a state, not something to do.
      return (
        <Button variant="secondary" size="lg" disabled className="w-full sm:w-auto" data-action={action.kind}>
          {label}
        </Button>
      );
  }
}

/**
 * "Interested in the waiting list?" and its 'Join the waiting list' button: a link to
 * `/events/:slug/waitlist` (works before hydration); once hydrated, a plain click opens the form
 * in place, the way Show Interest does.
 */
function WaitlistJoin({ event }: { event: EventView }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      // Already inside the notice (inside the dialog): no third box on a phone, where it left the
      // form and its confirmation about 190 px of line; a card of its own from `sm` up.
      <section aria-labelledby={`waitlist-title-${event.slug}`} className="mt-1 sm:rounded-lg sm:border sm:bg-white sm:p-5">
        <h3 id={`waitlist-title-${event.slug}`} className="text-xl font-semibold uppercase text-navy-900">
          {t("waitlist.form.title")}
        </h3>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("waitlist.form.intro", { event: event.name })}</p>
        <InlineWaitlistForm event={event} />
      </section>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold text-navy-900">{t("waitlist.action.question")}</p>
      <p className="text-sm text-slate-700">{t("waitlist.action.text")}</p>
      <Button asChild variant="accent" size="sm">
        <a
          href={waitlistPath(event.slug)}
          data-action="waitlist"
          onClick={(e) => {
            if (!isPlainClick(e)) return;
            e.preventDefault();
            setOpen(true);
          }}
        >
          <ListPlus aria-hidden />
          {t("waitlist.action.join")}
        </a>
      </Button>
    </>
  );
}
