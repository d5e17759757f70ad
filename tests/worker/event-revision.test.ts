/**
 * Every write to an event row raises its sequence and sets updatedAt: the
 * calendar feed out shows them as SEQUENCE and LAST-MODIFIED, and a
 * subscribed calendar keeps its old copy of an event whose SEQUENCE stayed.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "~/.server/db/schema";
import { mergeEvents } from "~/.server/ingest/merge";
import { db, send, signIn } from "./helpers";

async function revisionOf(userId: string, id: string) {
  const [row] = await db()
    .select({ sequence: events.sequence, updatedAt: events.updatedAt })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, id)));
  return row!;
}

async function newEvent(userId: string): Promise<string> {
  const [row] = await db()
    .insert(events)
    .values({ userId, eventName: "Soccer practice", start: "2026-12-05T15:00:00.000Z", dateTime: true, fingerprint: "soccer" })
    .returning({ id: events.id });
  return row!.id;
}

describe("an event's revision", () => {
  it("starts at 0 and rises with each like, hide and change of children", async () => {
    const { cookie, userId } = await signIn();
    const id = await newEvent(userId);
    expect(await revisionOf(userId, id)).toEqual({ sequence: 0, updatedAt: null });

    expect((await send("POST", `/api/events/${id}/like`, cookie, { toggle: true })).status).toBe(200);
    const liked = await revisionOf(userId, id);
    expect(liked.sequence).toBe(1);
    expect(liked.updatedAt).toBeInstanceOf(Date);

    expect((await send("POST", `/api/events/${id}/dislike`, cookie, { toggle: true })).status).toBe(200);
    expect((await revisionOf(userId, id)).sequence).toBe(2);

    const child = await send("POST", "/api/child", cookie, { firstName: "Maya", grade: "grade 3", avatarId: "dolphin" });
    const childId = ((await child.json()) as { child: { _id: string } }).child._id;
    expect((await send("PUT", `/api/events/${id}/children`, cookie, { taggedPeople: [childId] })).status).toBe(200);
    expect((await revisionOf(userId, id)).sequence).toBe(3);
  });

  it("rises when a later mention changes the event (a cancellation)", async () => {
    const { userId } = await signIn();
    const source = () => ({ id: crypto.randomUUID(), kind: "email" as const, sender: "Coach", address: "coach@club.example.org", date: new Date(), url: null });
    const game = {
      eventName: "Soccer game vs. Eagles", description: null, start: "2026-12-05T10:00", end: null, dateTime: true,
      tags: ["sports"], location: null, range: false, startRange: null, endRange: null, recurrence: null,
    };
    const first = await mergeEvents(db(), userId, source(), [game], "America/Toronto");
    const id = first.eventIds[0]!;
    expect((await revisionOf(userId, id)).sequence).toBe(0);
    await mergeEvents(db(), userId, source(), [{ ...game, eventName: "Soccer game vs. Eagles cancelled", tags: ["sports", "cancel"] }], "America/Toronto");
    expect((await revisionOf(userId, id)).sequence).toBe(1);
  });
});
