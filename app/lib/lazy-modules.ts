/**
 * Code split off a page (a dialog's) that the server nevertheless rendered into it: a shared
 * `/calendar?event=…` link arrives with the event's dialog open. The browser needs that code to
 * hydrate the part; announced in the page's head (entry.server.tsx), it comes with the page's own
 * scripts instead of a round trip after them.
 */
let recorder: (() => Set<string> | undefined) | undefined;

/** The server: `current` gives the set of the render in progress, if it keeps one (entry.server.tsx). */
export function setLazyModuleRecorder(current: () => Set<string> | undefined): void {
  recorder = current;
}

/**
 * Called while rendering a lazily loaded module's content. `source`: the module's path from the
 * project's root, as the client build's manifest names it ("app/components/event-dialog-content.tsx").
 */
export function renderedLazyModule(source: string): void {
  recorder?.()?.add(source);
}
