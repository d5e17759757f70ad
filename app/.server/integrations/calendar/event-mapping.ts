/**
 * A Cubby event as a Google Calendar entry. Timed events keep their instant
 * and the parent's zone; all-day events use dates with Google's EXCLUSIVE end
 * date (a one-day event on the 4th ends on the 5th); ranges span their days,
 * and weekly series become a weekly RRULE on their days.
 */
import type { events } from "../../db/schema";
import { addDays } from "~/lib/feed/calendar-keys";
import type { NewCalendarEvent } from "./provider";

type EventRow = typeof events.$inferSelect;

const HOUR_MS = 3_600_000;

/** RRULE UNTIL: a date for all-day series, the end of that day in UTC for timed ones. */
function until(lastDay: string, timed: boolean): string {
  const compact = lastDay.replaceAll("-", "");
  return timed ? `${compact}T235959Z` : compact;
}

function repeat(row: EventRow, lastDay: string | null, timed: boolean): string[] | undefined {
  const bounds = lastDay ? `;UNTIL=${until(lastDay, timed)}` : "";
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
    const recurrence = row.range && !spansDays ? repeat(row, lastDay, true) : undefined;
    return {
      ...base,
      start: { dateTime: row.start, timeZone },
      end: { dateTime: end, timeZone },
      ...(recurrence ? { recurrence } : {}),
    };
  }

  if (row.recurrence) {
    const recurrence = repeat(row, lastDay, false);
    return { ...base, start: { date: firstDay }, end: { date: addDays(firstDay, 1) }, ...(recurrence ? { recurrence } : {}) };
  }
  const last = lastDay ?? row.end?.slice(0, 10) ?? firstDay;
  return { ...base, start: { date: firstDay }, end: { date: addDays(last < firstDay ? firstDay : last, 1) } };
}
