/**
 * One day of the parent's Google Calendar beside their Cubby events (spec §7
 * GET /api/calendar/{YYYY-MM-DD}, §3 "External calendar event"): which entries
 * Cubby added (added, eventId) and which clash in time with a Cubby event that
 * day (conflict), in the parent's zone.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { addDays } from "~/lib/calendar-day";
import { localDate, zonedInstant } from "~/lib/time-zone";
import { database, type Db } from "../../db/client";
import { events, likes } from "../../db/schema";
import type { FamilyScope } from "../../family/membership";
import { findUser } from "../../users";
import { withGoogleAccess } from "../google/access";
import { eventsOnDays } from "../local-day-events";
import { chooseCalendar } from "./choose";
import type { CalendarEvent, CalendarEventTime } from "./provider";

export interface ExternalCalendarEvent {
  id: string;
  summary: string;
  start: string;
  end: string;
  dateTime: boolean;
  range: boolean;
  added: boolean;
  removed: boolean;
  conflict: boolean;
  /** The Cubby event this entry was saved from, when added. */
  eventId: string | null;
}

export class CalendarNotConnected extends Error {}

const HOUR_MS = 3_600_000;

interface Interval {
  id: string;
  from: number;
  to: number;
}

/** The parent's timed Cubby events on `day` (all-day ones take no time, so they clash with nothing). */
async function cubbyIntervals(db: Db, familyKey: string, day: string, timeZone: string): Promise<Interval[]> {
  const timed = await eventsOnDays(db, familyKey, { first: day, last: day, timeZone }, eq(events.dateTime, true));
  return timed.map((r) => {
      const from = Date.parse(r.start);
      return { id: r.id, from, to: r.end ? Date.parse(r.end) : from + HOUR_MS };
    });
}

/**
 * The id Cubby saved an entry under: a saved weekly series comes back as one
 * occurrence per day, each with its own id and the series' id beside it.
 */
function savedId(entry: CalendarEvent): string {
  return entry.recurringEventId ?? entry.id;
}

/** Which of these calendar entries Cubby added, by the id Google gave each (or its series). */
async function addedBy(db: Db, userId: string, calendarIds: string[]): Promise<Map<string, string>> {
  // The parent's own saves (ADR 026): their partner's go to another calendar.
  const found = new Map<string, string>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < calendarIds.length; i += 90) {
    const rows = await db
      .select({ id: likes.eventId, externalCalendarId: likes.externalCalendarId })
      .from(likes)
      .where(
        and(
          eq(likes.userId, userId),
          isNotNull(likes.externalCalendarId),
          inArray(likes.externalCalendarId, calendarIds.slice(i, i + 90)),
        ),
      );
    for (const row of rows) found.set(row.externalCalendarId!, row.id);
  }
  return found;
}

function timeOf(time: CalendarEventTime): string {
  return time.dateTime ?? time.date ?? "";
}

function spansDays(entry: CalendarEvent, timeZone: string): boolean {
  if (entry.start.date && entry.end.date) return addDays(entry.start.date, 1) < entry.end.date;
  if (!entry.start.dateTime || !entry.end.dateTime) return false;
  const endsAt = new Date(Date.parse(entry.end.dateTime) - 1);
  return localDate(new Date(entry.start.dateTime), timeZone) !== localDate(endsAt, timeZone);
}

export async function calendarDay(db: Db, env: Env, scope: FamilyScope, day: string) {
  const { userId } = scope;
  // The parent and their grant are the directory's; the events and likes (db), the family's.
  const directory = database(env);
  const user = await findUser(directory, userId);
  if (user?.calendarProvider !== "gcal") throw new CalendarNotConnected();
  const timeZone = user.timezone ?? "UTC";
  const window = {
    timeMin: zonedInstant(`${day}T00:00`, timeZone),
    timeMax: zonedInstant(`${addDays(day, 1)}T00:00`, timeZone),
    timeZone,
  };
  const calendar = chooseCalendar(env, userId);
  const entries = await withGoogleAccess(directory, env, userId, "gcal", (token) => calendar.listDay(token, window));
  const [ours, added] = await Promise.all([
    cubbyIntervals(db, scope.key, day, timeZone),
    addedBy(db, userId, [...new Set(entries.map(savedId))]),
  ]);
  const list: ExternalCalendarEvent[] = entries.map((entry) => {
    const eventId = added.get(savedId(entry)) ?? null;
    const from = entry.start.dateTime ? Date.parse(entry.start.dateTime) : null;
    const to = entry.end.dateTime ? Date.parse(entry.end.dateTime) : null;
    const conflict =
      from !== null && to !== null && ours.some((o) => o.id !== eventId && o.from < to && from < o.to);
    return {
      id: entry.id,
      summary: entry.summary ?? "(No title)",
      start: timeOf(entry.start),
      end: timeOf(entry.end),
      dateTime: Boolean(entry.start.dateTime),
      range: spansDays(entry, timeZone),
      added: eventId !== null,
      removed: entry.status === "cancelled",
      conflict,
      eventId,
    };
  });
  return { events: list, count: list.length };
}
