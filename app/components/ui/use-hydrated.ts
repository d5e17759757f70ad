import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False during server rendering and hydration, true after: what depends on the
 * device (its clock, its zone, its features) is drawn only in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
