/**
 * What the feed hands its overlay routes (event/:id, message/:id) through the
 * outlet: the events it already has, the parent's zone and where to return.
 */
import { useSyncExternalStore } from "react";
import { useOutletContext } from "react-router";
import { calendarDay, dayKey } from "~/lib/dates";
import type { FeedEvent } from "~/lib/event";

export interface FeedOutlet {
  /** null while loading. */
  events: FeedEvent[] | null;
  timeZone: string;
  /** "/focus" or "/tutorial". */
  feedPath: string;
  /** Demo mode: local data only, no server calls (spec §4). */
  demo: boolean;
  today: string;
}

export function useFeed(): FeedOutlet {
  return useOutletContext<FeedOutlet>();
}

const subscribeNothing = () => () => {};

/**
 * False during server rendering and hydration, true after: dates depend on the
 * device's clock and zone, so they are drawn only in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Re-read "today" when the app comes back to the foreground and once a minute. */
function subscribeToClock(onChange: () => void) {
  const timer = setInterval(onChange, 60_000);
  document.addEventListener("visibilitychange", onChange);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onChange);
  };
}

/** Today's date ('YYYY-MM-DD') in the parent's zone; null while server rendering. */
export function useToday(timeZone: string): string | null {
  return useSyncExternalStore(
    subscribeToClock,
    () => dayKey(calendarDay(new Date(), timeZone)),
    () => null,
  );
}
