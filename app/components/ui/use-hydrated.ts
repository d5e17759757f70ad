import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * A value only the browser knows (its features, its display mode), read once:
 * `onServer` while server rendering and hydrating, the browser's value after.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(subscribeNothing, read, () => onServer);
}

/**
 * False during server rendering and hydration, true after: what depends on the
 * device (its clock, its zone, its features) is drawn only in the browser.
 */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
