import { Loader2 } from "lucide-react";
import { lazy, Suspense, type ComponentType } from "react";
import { interestPath, waitlistPath } from "~/lib/event-signup-paths";
import type { EventView } from "~/lib/events";

/**
 * A sign-up form for an event card or dialog, loaded when the visitor asks for it (its button is
 * a link to the form's page, which works without JavaScript): Conform and Zod stay out of the
 * pages that merely list events. The form posts to `path(slug)`.
 */
function lazySignupForm(load: () => Promise<ComponentType<{ event: EventView; action: string }>>, path: (slug: string) => string) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazySignupForm({ event }: { event: EventView }) {
    return (
      <Suspense fallback={<Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-hidden />}>
        <Lazy event={event} action={path(event.slug)} />
      </Suspense>
    );
  };
}

/** The interest form inside an event card or dialog, loaded when Show Interest is clicked. */
export const InlineInterestForm = lazySignupForm(() => import("./interest-form").then((module) => module.InlineInterestForm), interestPath);

/** The waiting-list form inside an event card or dialog, loaded when 'Join the waiting list' is clicked. */
export const InlineWaitlistForm = lazySignupForm(() => import("./waitlist-form").then((module) => module.InlineWaitlistForm), waitlistPath);
