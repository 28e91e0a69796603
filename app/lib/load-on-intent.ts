import { createElement, Suspense, use, type ComponentType, type ReactNode } from "react";

/**
 * Code a page needs only when the visitor uses it (a dialog), loaded on intent: when the pointer
 * comes over, or focus or a touch lands on, what opens it. The page's first visit does not carry
 * it; by the time the click comes it has usually arrived.
 */

/**
 * `load`, run once; again after a failure (a dropped connection must not break it for good).
 * The promise notes its value when it has it, where React's `use()` looks (`status`, `value`):
 * from then on `use()` returns the value in the same render instead of suspending.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: (Promise<T> & { status?: "fulfilled"; value?: T }) | undefined;
  return () => {
    if (loading) return loading;
    const started: Promise<T> & { status?: "fulfilled"; value?: T } = load().then(
      (value) => {
        started.status = "fulfilled";
        started.value = value;
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return (loading = started);
  };
}

const INTENT = ["pointerover", "focusin", "touchstart"] as const;

/**
 * Calls `preload` once, on the first sign of intent on `element` or, with `selector`, on an
 * element inside it that matches (one listener for a whole list of openers). Returns the cleanup.
 */
export function preloadOnIntent(element: HTMLElement, preload: () => Promise<unknown>, selector?: string): () => void {
  const onIntent = (event: Event) => {
    if (selector && !(event.target instanceof Element && event.target.closest(selector))) return;
    cleanup();
    preload().catch(() => undefined);
  };
  const cleanup = () => {
    for (const type of INTENT) element.removeEventListener(type, onIntent);
  };
  for (const type of INTENT) element.addEventListener(type, onIntent, { passive: true });
  return cleanup;
}

/**
 * A part of the page (a dialog) whose code is `load`ed apart: `preload` asks for it (on intent),
 * `Part` renders it, in a Suspense boundary of its own that shows nothing while the code is on its
 * way. Once the code is there `Part` renders in the same pass (`loadOnce` notes the value where
 * `use()` reads it); after a failed load the next render asks again.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): { preload: () => Promise<ComponentType<P>>; Part: (props: P) => ReactNode } {
  const preload = loadOnce(load);
  function Loaded(props: P) {
    return createElement(use(preload()), props);
  }
  return { preload, Part: (props: P) => createElement(Suspense, { fallback: null }, createElement(Loaded, props)) };
}
