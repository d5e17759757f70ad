/**
 * A change the parent makes in the open drawer (a like, the children picked) shows in the
 * drawer at once, while the feed behind it takes the same change as a transition (ADR 034).
 * The feed redraws a month of tiles for it; that need not hold up the frame that answers the
 * tap, and React works it in slices between frames. Once the feed's event has the change,
 * the drawer shows the feed's event again.
 */
import { startTransition, useCallback, useState } from "react";
import { sameValue } from "~/lib/feed/changes";
import type { FeedItem } from "~/lib/feed/item";

type Update = (id: string, changes: Partial<FeedItem>) => void;

export function useDrawerChanges<T extends FeedItem>(event: T | undefined, update: Update | undefined) {
  const [pending, setPending] = useState<Partial<FeedItem>>({});
  const [seen, setSeen] = useState(event);

  // The feed's event changed: what it now holds, the drawer need not hold for it
  // (React's "adjusting state when a prop changes", during render, not in an effect).
  if (event !== seen) {
    setSeen(event);
    // Another event's drawer starts with nothing of this one's.
    const sameEvent = event && seen && event._id === seen._id;
    const left = sameEvent ? Object.entries(pending).filter(([key, value]) => !sameValue(event[key as keyof FeedItem], value)) : [];
    if (left.length !== Object.keys(pending).length) setPending(Object.fromEntries(left));
  }

  const change = useCallback<Update>(
    (id, changes) => {
      setPending((shown) => ({ ...shown, ...changes }));
      startTransition(() => update?.(id, changes));
    },
    [update],
  );

  const shown = event && Object.keys(pending).length ? ({ ...event, ...pending } as T) : event;
  return { event: shown, change: update ? change : undefined };
}
