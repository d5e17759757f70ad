/**
 * The parent's own changes to events (a like, a hide, the children picked, an unsure date
 * added), kept on top of the feed's last answer until an answer shows them.
 *
 * An answer can be older than a tap: read before the tap's request was written, it arrives
 * after (the feed catching up when its socket first answers, or back in the foreground). So a
 * new answer drops only the changes it already shows, and the feed keeps the rest; a change
 * whose request failed has been undone by a change back, which the answer then shows too.
 */
import type { FeedEvent } from "../event";
import type { FeedItem } from "./item";

export type Change = readonly [id: string, change: Partial<FeedItem>];

/** Equal values, arrays by their items (the children picked). */
export const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Each event's changes, folded in order into one, less what `events` already shows. */
export function changesAhead(changes: readonly Change[], events: readonly FeedEvent[]): Change[] {
  const folded = new Map<string, Partial<FeedItem>>();
  for (const [id, change] of changes) folded.set(id, { ...folded.get(id), ...change });
  const byId = new Map(events.flatMap((event) => [[event._id, event] as const, [event.id, event] as const]));
  const ahead: Change[] = [];
  for (const [id, change] of folded) {
    const event = byId.get(id);
    // An event the answer no longer has: nothing to change.
    if (!event) continue;
    const left = Object.entries(change).filter(([key, value]) => !sameValue(event[key as keyof FeedEvent], value));
    if (left.length) ahead.push([id, Object.fromEntries(left)]);
  }
  return ahead;
}
