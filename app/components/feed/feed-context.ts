/**
 * What the feed hands its overlay routes (event/:id, message/:id) through the
 * outlet: the events it already has, the parent's zone and where to return.
 */
import { useSyncExternalStore } from "react";
import { useOutletContext } from "react-router";
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
