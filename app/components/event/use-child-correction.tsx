/**
 * The parent's correction of an event's children (beyond spec §2; the server
 * side is PUT /api/events/:id/children, ADR 010). The tile and the drawer
 * change at once through the feed's `update`; a failed save puts the old
 * children back and says so with the spec's generic error toast (§8, 4 s §9).
 */
import { useState } from "react";
import { isOffline, offlineToast } from "~/components/offline/connection";
import { errorToast, SOMETHING_WENT_WRONG, useToast } from "~/components/ui/toast-context";
import { savePick } from "~/lib/event-children";
import type { FeedItem } from "~/lib/feed/item";

async function putChildren(eventId: string, taggedPeople: string[]) {
  const response = await fetch(`/api/events/${encodeURIComponent(eventId)}/children`, {
    method: "PUT",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ taggedPeople }),
  });
  if (!response.ok) throw new Error(`Children answered ${response.status}`);
}

export function useChildCorrection(
  eventId: string | null,
  taggedPeople: string[],
  update: ((id: string, changes: Partial<FeedItem>) => void) | undefined,
) {
  const toast = useToast();
  // One save at a time: a second pick while the first is on its way could
  // otherwise be rolled back to children the server no longer holds.
  const [saving, setSaving] = useState(false);

  async function correct(pick: string[]) {
    if (!eventId || !update || saving) return;
    if (isOffline()) return toast(offlineToast("Changing whose event this is"));
    setSaving(true);
    const result = await savePick(pick, taggedPeople, {
      show: (shown) => update(eventId, { taggedPeople: shown }),
      send: (sent) => putChildren(eventId, sent),
    });
    setSaving(false);
    if (result.ok) return;
    console.error("Failed to tag children", result.error);
    toast(errorToast(SOMETHING_WENT_WRONG, 22));
  }

  return { saving, correct };
}
