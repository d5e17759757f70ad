/**
 * The parent's correction of whose event it is (beyond spec §2 "Event
 * drawer": a small picker of their children). Pure, so the drawer's rules
 * are tested on their own.
 */

interface Tagged {
  _id: string;
}

/**
 * The parent's children an event is tagged to, in the order the parent added
 * them. An id of a child since removed drops out: there is nobody to show,
 * and the server refuses to save a child that is not the parent's.
 */
export function taggedChildren<T extends Tagged>(taggedPeople: readonly string[], children: readonly T[]): T[] {
  const tagged = new Set(taggedPeople);
  return children.filter((child) => tagged.has(child._id));
}

/** Picks or unpicks one child; the answer keeps the parent's order, so the tile reads the same every time. */
export function toggleChild<T extends Tagged>(picked: readonly string[], childId: string, children: readonly T[]): string[] {
  const next = new Set(picked);
  if (next.has(childId)) next.delete(childId);
  else next.add(childId);
  return taggedChildren([...next], children).map((child) => child._id);
}

/** Whether two picks name the same children (in any order): saving the same pick again changes nothing. */
export function samePick(a: readonly string[], b: readonly string[]): boolean {
  const first = new Set(a);
  const second = new Set(b);
  return first.size === second.size && [...first].every((id) => second.has(id));
}

/**
 * Shows the parent's pick at once and then saves it; a failed save puts back
 * what was shown before, so the feed never keeps a pick the server does not
 * hold. The caller tells the parent (a toast) and logs the error.
 */
export async function savePick(
  next: string[],
  previous: string[],
  { show, send }: { show: (pick: string[]) => void; send: (pick: string[]) => Promise<void> },
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  show(next);
  try {
    await send(next);
    return { ok: true };
  } catch (error) {
    show(previous);
    return { ok: false, error };
  }
}
