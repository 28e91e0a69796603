import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EventView } from "~/lib/events";
import { PageHeader } from "~/routes/content/page-header";
import { eventHref } from "./event-card";
import { EventWhenWhere, type WhenWhere } from "./event-when-where";

/**
 * The page of a form about one event that also works without JavaScript (Show interest, Join the
 * waiting list): the event in the header, the form on a card, a link back to the event.
 */
export function EventFormPage({
  kicker,
  event,
  backLabel,
  children,
}: {
  kicker: string;
  event: WhenWhere & Pick<EventView, "name" | "slug">;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader kicker={kicker} title={event.name} picture="training">
        <EventWhenWhere event={event} spacing="wide" className="mt-5" iconClassName="text-signal-500" />
      </PageHeader>
      <section className="bg-foam-100 py-12 sm:py-16">
        <div className="mx-auto max-w-2xl px-4 sm:px-6">
          <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-border sm:p-8">{children}</div>
          <Link to={eventHref(event.slug)} className="mt-6 inline-flex items-center gap-2 font-semibold text-ocean-600 underline-offset-4 hover:underline">
            <ArrowLeft className="size-4" aria-hidden />
            {backLabel}
          </Link>
        </div>
      </section>
    </>
  );
}
