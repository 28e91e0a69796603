import { Loader2 } from "lucide-react";
import { lazy, Suspense } from "react";
import type { EventView } from "~/lib/events";

export function waitlistPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/waitlist`;
}

const LazyInlineWaitlistForm = lazy(() => import("./waitlist-form").then((module) => ({ default: module.InlineWaitlistForm })));

/**
 * The waiting-list form inside an event card or dialog, loaded when the visitor asks for it (its
 * button is a link to `/events/:slug/waitlist`, which works without JavaScript): Conform and Zod
 * stay out of the pages that merely list events.
 */
export function InlineWaitlistForm({ event }: { event: EventView }) {
  return (
    <Suspense fallback={<Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-hidden />}>
      <LazyInlineWaitlistForm event={event} />
    </Suspense>
  );
}
