/**
 * What the feed hands its overlay routes (event/:id, message/:id) through the
 * outlet: its items, the parent's zone and where to return, and the way to
 * change an item (like, hide, first view) everywhere at once.
 */
import { useSyncExternalStore } from "react";
import { useOutletContext } from "react-router";
import { calendarDay, dayKey } from "~/lib/calendar-day";
import type { FeedItem } from "~/lib/feed/item";
import type { Profile } from "~/lib/profile";
import type { DayWeather } from "~/lib/feed/weather";

export interface FeedOutlet {
  /** null while loading. */
  events: FeedItem[] | null;
  timeZone: string;
  /** "/focus" or "/tutorial". */
  feedPath: string;
  /** Demo mode: local data only, no server calls (spec §4). */
  demo: boolean;
  today: string;
  profile?: Profile | null;
  /** Merges changes into an item (and, for a range, all its copies). */
  update?: (id: string, changes: Partial<FeedItem>) => void;
  /** The day's weather, where the forecast reaches (spec §9: up to 11 days from today). */
  weather?: ReadonlyMap<string, DayWeather>;
  /** Fetches the events again (after a rescan or a URL import). */
  refetch?: () => void;
}

export function useFeed(): FeedOutlet {
  return useOutletContext<FeedOutlet>();
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

/**
 * Today's date ('YYYY-MM-DD') in the parent's zone. `renderedAt` is the
 * moment the server drew the page: its today is used while server rendering
 * and hydrating, so both draw the same feed. Without it, null until hydrated.
 */
export function useToday(timeZone: string, renderedAt?: number): string | null {
  return useSyncExternalStore(
    subscribeToClock,
    () => dayKey(calendarDay(new Date(), timeZone)),
    () => (renderedAt === undefined ? null : dayKey(calendarDay(new Date(renderedAt), timeZone))),
  );
}
