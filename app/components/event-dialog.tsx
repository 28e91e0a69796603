import { renderedLazyModule } from "~/lib/lazy-modules";
import { lazyPart } from "~/lib/load-on-intent";
import type { EventDialogProps } from "./event-dialog-content";

/**
 * The code of the calendar's event dialog (the Radix dialog with its focus trap and scroll lock,
 * the details): not part of the calendar's first visit (issue 13), loaded when the visitor shows
 * intent on an event's card (the calendar calls `preloadEventDialog`) or when a dialog first renders.
 */
const { preload, Part: Content } = lazyPart(() => import("./event-dialog-content").then((module) => module.EventDialogContent));
export const preloadEventDialog = preload;

// The server loads it at start: a page with the dialog open is then rendered in one pass, the
// dialog in place. Had the render waited for the code, React would have sent the dialog after the
// page, hidden, for a script to move into place: a page without JavaScript would never show it.
if (import.meta.env.SSR) preload().catch(() => undefined);

/**
 * In the browser: whether the page arrived with the dialog open (its server HTML holds it). The
 * calendar then waits for the dialog's code before it hydrates (announced in the head, it is on
 * its way already); otherwise the page was interactive while the dialog was not yet, and its
 * Register link or close button acted as plain links. Awaited by the calendar's route module, not
 * here: the dialog's code imports this chunk, and an await here would wait for itself.
 */
export function eventDialogRendered(): boolean {
  return typeof document !== "undefined" && document.querySelector("[data-event-dialog]") !== null;
}

/**
 * An event's details and its one action, in a dialog. A shared `?event=` link gets the open dialog
 * in the server's HTML, which also announces the dialog's code in its head, so that part hydrates
 * with the rest. A click on a card opens the dialog as soon as the code is there (the navigation
 * is a transition: the page stays as it was meanwhile).
 */
export function EventDialog(props: EventDialogProps) {
  renderedLazyModule("app/components/event-dialog-content.tsx");
  return <Content {...props} />;
}
