/**
 * A Cubby event as a Google Calendar entry. Timed events keep their instant
 * and the parent's zone; all-day events use dates with Google's EXCLUSIVE end
 * date (a one-day event on the 4th ends on the 5th); ranges span their days,
 * weekly series become a weekly RRULE on their days (every N weeks), and a
 * calendar file's series lists its occurrences as RDATEs, so Google shows
 * exactly the ones the feed does (ADR 013).
 */
import type { events } from "../../db/schema";
import { addDays } from "~/lib/calendar-day";
import { wallClock, zonedInstant } from "~/lib/time-zone";
import type { NewCalendarEvent } from "./provider";

type EventRow = typeof events.$inferSelect;

const HOUR_MS = 3_600_000;

/**
 * RRULE UNTIL: a date for all-day series. A timed series starts in the
 * parent's zone, so RFC 5545 wants UNTIL as a UTC instant: the last second of
 * the last day there (in UTC the day ends earlier west of Greenwich, and an
 * evening occurrence on it would be cut).
 */
function until(lastDay: string, timed: boolean, timeZone: string): string {
  if (!timed) return lastDay.replaceAll("-", "");
  const endOfDay = new Date(zonedInstant(`${addDays(lastDay, 1)}T00:00`, timeZone).getTime() - 1000);
  return endOfDay.toISOString().replace(/[-:]|\.\d{3}/g, "");
}

/** 'YYYYMMDD' for a day, 'YYYYMMDDTHHMMSS' on the zone's clock for an instant. */
function rdateValue(value: string, timed: boolean, timeZone: string): string {
  if (!timed) return value.slice(0, 10).replaceAll("-", "");
  return wallClock(new Date(value), timeZone).replace(/[-:]/g, "");
}

/** The occurrences after the first (which is DTSTART), cancelled ones left out. */
function occurrenceDates(row: EventRow, timed: boolean, timeZone: string): string[] | undefined {
  const later = row.occurrences!.slice(1).filter((o) => !o.cancelled);
  if (!later.length) return undefined;
  const values = later.map((o) => rdateValue(o.start, timed, timeZone)).join(",");
  return [timed ? `RDATE;TZID=${timeZone}:${values}` : `RDATE;VALUE=DATE:${values}`];
}

function repeat(row: EventRow, lastDay: string | null, timed: boolean, timeZone: string): string[] | undefined {
  if (row.occurrences?.length) return occurrenceDates(row, timed, timeZone);
  const bounds = lastDay ? `;UNTIL=${until(lastDay, timed, timeZone)}` : "";
  const every = row.recurrence?.interval && row.recurrence.interval > 1 ? `;INTERVAL=${row.recurrence.interval}` : "";
  if (row.recurrence?.byDay.length) return [`RRULE:FREQ=WEEKLY;BYDAY=${row.recurrence.byDay.join(",")}${every}${bounds}`];
  return lastDay ? [`RRULE:FREQ=DAILY${bounds}`] : undefined;
}

export function calendarEventFor(row: EventRow, timeZone: string): NewCalendarEvent {
  const base = {
    summary: row.eventName,
    ...(row.description ? { description: row.description } : {}),
    ...(row.location ? { location: row.location } : {}),
    extendedProperties: { private: { cubbyEventId: row.id } },
  };
  const firstDay = (row.startRange ?? row.start).slice(0, 10);
  const lastDay = row.range ? (row.endRange ?? null) : null;

  if (row.dateTime) {
    const end = row.end ?? new Date(Date.parse(row.start) + HOUR_MS).toISOString();
    const spansDays = end.slice(0, 10) > row.start.slice(0, 10) && !row.recurrence && !row.occurrences;
    // A timed range that is not one long span ('camp 9-3, Mon to Fri') repeats daily.
    const recurrence = row.range && !spansDays ? repeat(row, lastDay, true, timeZone) : undefined;
    return {
      ...base,
      start: { dateTime: row.start, timeZone },
      end: { dateTime: end, timeZone },
      ...(recurrence ? { recurrence } : {}),
    };
  }

  if (row.recurrence || row.occurrences) {
    const recurrence = repeat(row, lastDay, false, timeZone);
    return { ...base, start: { date: firstDay }, end: { date: addDays(firstDay, 1) }, ...(recurrence ? { recurrence } : {}) };
  }
  const last = lastDay ?? row.end?.slice(0, 10) ?? firstDay;
  return { ...base, start: { date: firstDay }, end: { date: addDays(last < firstDay ? firstDay : last, 1) } };
}
