/**
 * The parent's events as feed items (spec §7 `GET /api/events`, cancellable;
 * a 401 goes to /, other failures are logged only, spec §8), with local
 * updates merged into ranges and their copies (spec §4).
 */
import { startTransition, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { setReachable } from "~/components/offline/connection";
import type { FeedEvent } from "~/lib/event";
import { buildItems, buildItemsInSlices } from "~/lib/feed/build";
import { changesAhead, type Change } from "~/lib/feed/changes";
import { mergeUpdate } from "~/lib/feed/expand";
import type { FirstScreen } from "~/lib/feed/first-screen";
import type { FeedClock, FeedItem } from "~/lib/feed/item";
import { inOwnTask } from "~/lib/own-task";
import { loadPageUnlessLeaving } from "~/lib/page-load";

export interface FeedItems {
  items: FeedItem[] | null;
  /** True once an answer came back, even an empty one. */
  firstRunEmpty: boolean;
  /** False while only the page's first-screen events are known (ADR 012). */
  complete: boolean;
  update: (id: string, changes: Partial<FeedItem>) => void;
  refetch: () => void;
  /** When the events shown were fetched (epoch ms): what the offline line tells (ADR 024). */
  fetchedAt: number;
}

/** Set by the service worker on the answer it kept, when it answers offline (public/sw.js). */
const FETCHED_AT = "Cubby-Fetched-At";

/**
 * `initial`: the events the page came with, drawn by the server at `initialAt`;
 * unless they are all the parent's events, /api/events is asked for the rest
 * once the page is awake (so is it without them).
 */
export function useFeedItems(clock: FeedClock | null, initial: FirstScreen | null = null, initialAt = 0): FeedItems {
  const [events, setEvents] = useState<FeedEvent[] | null>(initial?.events ?? null);
  // An answer's items, built in slices before it is shown, for the clock they were built with.
  const [prebuilt, setPrebuilt] = useState<{ events: FeedEvent[]; clock: FeedClock; items: FeedItem[] } | null>(null);
  const [complete, setComplete] = useState(initial?.complete ?? false);
  const [fetchedAt, setFetchedAt] = useState(initialAt);
  const shownAt = useRef(initialAt);
  const [changes, setChanges] = useState<readonly Change[]>([]);
  const [generation, setGeneration] = useState(initial?.complete ? 0 : 1);

  // Build once per answer and per day; a like or hide only merges into what was built.
  const built = useMemo(() => {
    if (!events || !clock) return null;
    if (prebuilt?.events === events && prebuilt.clock === clock) return prebuilt.items;
    return buildItems(events, clock);
  }, [events, clock, prebuilt]);
  // What an answer is built for, and the items its unchanged events keep.
  const clockNow = useEffectEvent(() => clock);
  const builtNow = useEffectEvent(() => built);

  useEffect(() => {
    if (generation === 0) return;
    return inOwnTask(() => {
      const controller = new AbortController();
      fetch("/api/events", { credentials: "include", signal: controller.signal })
        .then(async (response) => {
          if (response.status === 401) return loadPageUnlessLeaving("/");
          if (!response.ok) throw new Error(`Events answered ${response.status}`);
          const body = (await response.json()) as { events: FeedEvent[] };
          // Offline, the kept answer may be older than the kept page: show the newer.
          const kept = Number(response.headers.get(FETCHED_AT));
          setReachable(!kept);
          const at = kept || Date.now();
          if (at < shownAt.current) return;
          shownAt.current = at;
          const builtFor = clockNow();
          const items = builtFor ? await buildItemsInSlices(body.events, builtFor, { previous: builtNow() }) : null;
          if (controller.signal.aborted) return;
          // A new answer redraws months of tiles: as a transition, so the page stays responsive.
          startTransition(() => {
            setPrebuilt(items && builtFor ? { events: body.events, clock: builtFor, items } : null);
            setEvents(body.events);
            setComplete(true);
            // An answer read before a tap's request was written does not take the tap back.
            setChanges((list) => changesAhead(list, body.events));
            setFetchedAt(at);
          });
        })
        .catch((error) => {
          if (controller.signal.aborted) return;
          // No answer at all, not even the kept one: the server is out of reach.
          if (error instanceof TypeError) setReachable(false);
          console.error("Failed to fetch events", error);
          setEvents((current) => current ?? []);
          // What the page came with is all there is to show.
          setComplete(true);
        });
      return () => controller.abort();
    });
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- a new generation is the ask to fetch again
  }, [generation]);

  // Memoised: a render for anything else (a route opening the drawer over the feed) keeps the
  // same items, so the feed is not built again and no month is redrawn for it.
  const items = useMemo(() => (built ? changes.reduce((list, [id, change]) => mergeUpdate(list, id, change), built) : null), [built, changes]);

  const update = useCallback((id: string, change: Partial<FeedItem>) => setChanges((list) => [...list, [id, change]]), []);
  const refetch = useCallback(() => setGeneration((n) => n + 1), []);
  return { items, firstRunEmpty: complete && events !== null && events.length === 0, complete, update, refetch, fetchedAt };
}
