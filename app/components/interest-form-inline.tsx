import { Loader2 } from "lucide-react";
import { lazy, Suspense } from "react";
import type { EventView } from "~/lib/events";

export function interestPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/interest`;
}

const LazyInlineInterestForm = lazy(() => import("./interest-form").then((module) => ({ default: module.InlineInterestForm })));

/**
 * The interest form inside an event card or dialog, loaded when the visitor asks for it (its
 * Show Interest button is a link to `/events/:slug/interest`, which works without JavaScript):
 * Conform and Zod stay out of the pages that merely list events.
 */
export function InlineInterestForm({ event }: { event: EventView }) {
  return (
    <Suspense fallback={<Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-hidden />}>
      <LazyInlineInterestForm event={event} />
    </Suspense>
  );
}
