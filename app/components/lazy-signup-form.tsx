import { Loader2 } from "lucide-react";
import { lazy, Suspense, type ComponentType } from "react";
import type { EventView } from "~/lib/events";

/**
 * A sign-up form for an event card or dialog, loaded when the visitor asks for it (its button is
 * a link to the form's page, which works without JavaScript): Conform and Zod stay out of the
 * pages that merely list events.
 */
export function lazySignupForm(load: () => Promise<ComponentType<{ event: EventView }>>) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazySignupForm({ event }: { event: EventView }) {
    return (
      <Suspense fallback={<Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-hidden />}>
        <Lazy event={event} />
      </Suspense>
    );
  };
}
