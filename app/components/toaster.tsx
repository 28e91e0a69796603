import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/**
 * Toasts (sonner) without sonner on every page: its code loads with the first toast a page
 * shows. The root renders `<Toaster />`, which stays empty until then; `toast.success()` & co.
 * load sonner, mount its toaster and show the toast once the toaster listens.
 */

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function loadSonner(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return (sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined;
    throw error;
  }));
}

type Kind = "success" | "error" | "warning" | "info" | "message";

function show(kind: Kind, message: string, options?: ExternalToast): void {
  void loadSonner()
    .then(async (module) => {
      await mounted;
      module.toast[kind](message, options);
    })
    .catch(() => undefined); // sonner did not load (offline): the page itself still says what happened
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  message: (message: string, options?: ExternalToast) => show("message", message, options),
};

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs after sonner's toaster (its sibling before it) has mounted and subscribed. */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

/** Sonner's toaster, rendered once the page shows its first toast. */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors position="top-center" closeButton />
      <Mounted />
    </Suspense>
  );
}
