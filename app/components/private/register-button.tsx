import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { EventAction } from "~/components/event-action";
import { RegistrationDialog } from "~/components/registration-dialog";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { eventAction } from "~/lib/event-actions";
import type { EventView } from "~/lib/events";

function registerPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/register`;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A private page's own register button ('Nu inschrijven', 'Register & Pay Now' …). It is a link
 * to the registration page, so it works before hydration; once hydrated it opens the
 * registration dialog in place. When the event cannot be booked (full, not open yet, finished)
 * the shared event action shows why instead, from the same rule the server applies.
 */
/** A waiting-list event apart from its mode: would it take registrations now? (Same order as the action table.) */
function registrationWouldOpen(event: EventView, now: string): boolean {
  return eventAction({ ...event, bookingMode: "registration" }, new Date(now)).kind === "register";
}

export function RegisterButton({
  event,
  now,
  label,
  note,
  autoOpen = false,
  admitWaitlist = false,
  className,
}: {
  event: EventView;
  /** The server's clock (ISO), never the browser's. */
  now: string;
  label: ReactNode;
  note?: ReactNode;
  /** Open the dialog by itself once the page has loaded (the Sail-Out page). */
  autoOpen?: boolean;
  /**
   * The page admits its password holders to an event the public calendar shows as sold out
   * (the ARC's private registration page); the registration action checks the same unlock.
   */
  admitWaitlist?: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  const action = eventAction(event, new Date(now)).kind;
  const bookable = action === "register" || (admitWaitlist && action === "waitlist" && registrationWouldOpen(event, now));

  useEffect(() => {
    if (autoOpen && bookable) setOpen(true);
  }, [autoOpen, bookable]);

  if (!bookable) return <EventAction event={event} now={now} registrationNote={note} />;
  return (
    <>
      <Button asChild variant="accent" size="lg" className={className}>
        <a
          ref={opener}
          href={registerPath(event.slug)}
          data-action="register"
          onClick={(e) => {
            if (!isPlainClick(e)) return;
            e.preventDefault();
            setOpen(true);
          }}
        >
          {event.requiresApproval ? t("events.action.apply") : label}
        </a>
      </Button>
      <RegistrationDialog event={event} open={open} onOpenChange={setOpen} note={note} now={now} returnFocusTo={opener} />
    </>
  );
}
