/**
 * The like action (spec §7 POST /api/events/{id}/like): with Google Calendar
 * connected, liking adds the event to the parent's primary calendar and
 * unliking takes it out again. The flag only changes once Google agreed, so a
 * failure loses nothing and the app can say so (spec §8 "Like failure").
 * Without a connection the like is just a flag; the app offers to connect.
 */
import { and, eq } from "drizzle-orm";
import { database, type Db } from "../../db/client";
import { events, likes } from "../../db/schema";
import { eventRevision, familyEvent, type EventView } from "../../events";
import type { FamilyScope } from "../../family/membership";
import { onLiveEvent } from "../../past-months";
import { findUser } from "../../users";
import { GoogleAccessRevoked, withGoogleAccess } from "../google/access";
import { isServiceFailure } from "../http";
import { chooseCalendar } from "./choose";
import { calendarEventFor } from "./event-mapping";

/** spec §8, word for word: the toast the app shows when a like could not reach the calendar. */
export const NOT_ADDED = "Oops, this event wasn't added to Google Calendar";
export const NOT_REMOVED = "Oops, this event wasn't removed from Google Calendar";

export type LikeOutcome =
  | { ok: true; event: EventView }
  | { ok: false; status: 404 | 409 | 502; error: string; calendarProvider?: null };

/** spec §7 id rule: an expanded copy's id is `{eventId}-{YYYY-MM-DD}`; the like belongs to the event. */
export function baseEventId(id: string): string {
  return id.replace(/-\d{4}-\d{2}-\d{2}$/, "");
}

/**
 * A like is the parent's own (ADR 026): each parent saves the family's event to
 * their own Google Calendar, and sees only their own saves.
 */
export async function likeEvent(db: Db, env: Env, scope: FamilyScope, id: string, toggle: boolean): Promise<LikeOutcome> {
  const { userId } = scope;
  const eventId = baseEventId(id);
  // The parent and their Google grant are the directory's; the event and the like, the family's.
  const directory = database(env);
  const [row, user, like] = await Promise.all([
    // A packed event's month is put back first: the like writes its row (past-months.ts).
    onLiveEvent(db, scope.key, eventId, () => db.query.events.findFirst({ where: and(eq(events.id, eventId), eq(events.userId, scope.key)) })),
    findUser(directory, userId),
    db.query.likes.findFirst({ where: and(eq(likes.userId, userId), eq(likes.eventId, eventId)) }),
  ]);
  if (!row || !user) return { ok: false, status: 404, error: "Event not found." };
  // An event Cubby is unsure of is saved nowhere until a parent adds it (issue 30).
  if (toggle && row.needsReview) return { ok: false, status: 409, error: "Add this date to your feed first." };

  let externalCalendarId = like?.externalCalendarId ?? null;
  const needsCalendar = user.calendarProvider === "gcal" && (toggle ? !externalCalendarId : Boolean(externalCalendarId));
  if (needsCalendar) {
    const calendar = chooseCalendar(env, userId);
    try {
      await withGoogleAccess(directory, env, userId, "gcal", async (token) => {
        if (toggle) externalCalendarId = (await calendar.insertEvent(token, calendarEventFor(row, user.timezone ?? "UTC"))).id;
        else await calendar.deleteEvent(token, externalCalendarId!);
      });
    } catch (error) {
      const message = toggle ? NOT_ADDED : NOT_REMOVED;
      if (error instanceof GoogleAccessRevoked) return { ok: false, status: 409, error: message, calendarProvider: null };
      if (isServiceFailure(error)) {
        console.warn("Calendar save failed", error.service, error.status ?? "unreachable");
        return { ok: false, status: 502, error: message };
      }
      throw error;
    }
  }
  await db.batch([
    toggle
      ? db
          .insert(likes)
          .values({ userId, eventId, externalCalendarId })
          .onConflictDoUpdate({ target: [likes.userId, likes.eventId], set: { externalCalendarId } })
      : db.delete(likes).where(and(eq(likes.userId, userId), eq(likes.eventId, eventId))),
    // The event changed as this parent sees it: its revision moves, like any flag's (ADR 014).
    db.update(events).set(eventRevision()).where(and(eq(events.id, eventId), eq(events.userId, scope.key))),
  ]);
  const event = await familyEvent(db, scope, eventId);
  return event ? { ok: true, event } : { ok: false, status: 404, error: "Event not found." };
}
