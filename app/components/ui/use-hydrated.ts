import { startTransition, useEffect, useEffectEvent, useState } from "react";

/** Set once the page has hydrated: a screen mounted after that is in the browser from its first render. */
let pageAwake = false;

/**
 * A value only the browser knows (its features, its display mode), read once:
 * `onServer` while server rendering and hydrating, the browser's value after.
 *
 * Not `useSyncExternalStore`: where its browser value differs from the
 * server's, React redraws the whole screen in one synchronous task right after
 * hydration (a feed of tiles: a quarter of a second on a phone). Here the
 * change is a transition, drawn in slices between the browser's own work.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  const [value, setValue] = useState(() => (pageAwake ? read() : onServer));
  const readOnce = useEffectEvent(read);
  useEffect(() => {
    pageAwake = true;
    const inBrowser = readOnce();
    // The same value is no update at all: a screen mounted after hydration redraws nothing.
    startTransition(() => setValue(inBrowser));
  }, []);
  return value;
}

/**
 * False during server rendering and hydration, true after: what depends on the
 * device (its clock, its zone, its features) is drawn only in the browser.
 */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
