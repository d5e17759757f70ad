/**
 * A Cubby event as a Google Calendar entry. Timed events keep their instant
 * and the parent's zone; all-day events use dates with Google's EXCLUSIVE end
 * date (a one-day event on the 4th ends on the 5th); ranges span their days,
 * and weekly series become a weekly RRULE on their days.
 */
import type { events } from "../../db/schema";
import { addDays } from "~/lib/feed/calendar-keys";
import { zonedInstant } from "~/lib/zoned-time";
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

function repeat(row: EventRow, lastDay: string | null, timed: boolean, timeZone: string): string[] | undefined {
  const bounds = lastDay ? `;UNTIL=${until(lastDay, timed, timeZone)}` : "";
  if (row.recurrence?.byDay.length) return [`RRULE:FREQ=WEEKLY;BYDAY=${row.recurrence.byDay.join(",")}${bounds}`];
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
    const spansDays = end.slice(0, 10) > row.start.slice(0, 10) && !row.recurrence;
    // A timed range that is not one long span ('camp 9-3, Mon to Fri') repeats daily.
    const recurrence = row.range && !spansDays ? repeat(row, lastDay, true, timeZone) : undefined;
    return {
      ...base,
      start: { dateTime: row.start, timeZone },
      end: { dateTime: end, timeZone },
      ...(recurrence ? { recurrence } : {}),
    };
  }

  if (row.recurrence) {
    const recurrence = repeat(row, lastDay, false, timeZone);
    return { ...base, start: { date: firstDay }, end: { date: addDays(firstDay, 1) }, ...(recurrence ? { recurrence } : {}) };
  }
  const last = lastDay ?? row.end?.slice(0, 10) ?? firstDay;
  return { ...base, start: { date: firstDay }, end: { date: addDays(last < firstDay ? firstDay : last, 1) } };
}
