import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while the server renders and while React hydrates the page; true once it has, and for
 * everything mounted after that (a client navigation renders with `true` at once).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
