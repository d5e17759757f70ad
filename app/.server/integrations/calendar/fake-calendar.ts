/**
 * The local CalendarProvider: each parent's primary calendar in memory,
 * answering as Google Calendar v3 does (deleted entries marked cancelled, 400
 * for an entry without times, 401 for tokens Google would refuse via fakeGoogle,
 * repeating entries listed as their occurrences). Deterministic: ids
 * count up, nothing is random or on the network.
 *
 * A parent connected through local sign-in (development, no Google tokens)
 * also finds a few sample entries of a parent's week on every day they look
 * at, so the drawer's conflicts show locally; tests connect with tokens and
 * start from an empty calendar.
 */
import { addDays, DAY_CODES, daysBetween, weekdayOf } from "~/lib/calendar-day";
import { localDate, wallClock, zonedInstant } from "~/lib/time-zone";
import { ServiceRefused } from "../http";
import { fakeGoogle, LOCAL_GRANT_TOKEN } from "../google/fake-google";
import type { CalendarEvent, CalendarEventTime, CalendarProvider, CalendarWindow } from "./provider";

const SERVICE = "Google Calendar";
const calendars = new Map<string, Map<string, CalendarEvent>>();
let nextId = 0;

function calendarOf(userId: string): Map<string, CalendarEvent> {
  let calendar = calendars.get(userId);
  if (!calendar) calendars.set(userId, (calendar = new Map()));
  return calendar;
}

function instant(time: CalendarEventTime, timeZone: string): number {
  if (time.dateTime) return Date.parse(time.dateTime);
  return zonedInstant(`${time.date}T00:00`, time.timeZone ?? timeZone).getTime();
}

/** RRULE UNTIL ('YYYYMMDD' or 'YYYYMMDDTHHMMSSZ') as the last allowed start, epoch ms; open-ended: Infinity. */
function untilMs(until: string | undefined, zone: string): number {
  if (!until) return Number.POSITIVE_INFINITY;
  const day = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
  if (until.length === 8) return zonedInstant(`${addDays(day, 1)}T00:00`, zone).getTime() - 1;
  return Date.parse(`${day}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}Z`);
}

/**
 * What Google answers with singleEvents=true: a repeating entry as its
 * occurrences around the window, each with its own id '{id}_{start}' and the
 * series' id as recurringEventId. Understands the rules Cubby writes:
 * FREQ=DAILY or FREQ=WEEKLY;BYDAY=…[;INTERVAL=n], each with or without UNTIL,
 * and a list of RDATEs (a calendar file's series).
 */
function occurrences(entry: CalendarEvent, { timeMin, timeMax, timeZone }: CalendarWindow): CalendarEvent[] {
  const { recurrence, ...single } = entry;
  const rule = recurrence?.find((line) => line.startsWith("RRULE:"));
  const dates = recurrence?.find((line) => line.startsWith("RDATE"));
  if (!rule && !dates) return [entry];
  const zone = entry.start.timeZone ?? timeZone;
  if (!rule) return listedOccurrences(entry, dates!, zone).filter((o) => instant(o.start, zone) < timeMax.getTime() && instant(o.end, zone) > timeMin.getTime() - 86_400_000);
  const parts = new Map(rule!.slice("RRULE:".length).split(";").map((part) => part.split("=") as [string, string]));
  const byDay = parts.get("BYDAY")?.split(",");
  const every = Number(parts.get("INTERVAL") ?? 1);
  const allDay = Boolean(entry.start.date);
  const first = entry.start.date ?? localDate(new Date(entry.start.dateTime!), zone);
  const timeOfDay = allDay ? "00:00:00" : wallClock(new Date(entry.start.dateTime!), zone).slice(11);
  const last = untilMs(parts.get("UNTIL"), zone);
  const list: CalendarEvent[] = [];
  for (let day = addDays(localDate(timeMin, zone), -1); day <= localDate(timeMax, zone); day = addDays(day, 1)) {
    // The first start is always an occurrence (RFC 5545), the others only on their weekdays.
    if (day < first || (day !== first && byDay && !byDay.includes(DAY_CODES[weekdayOf(day)]!))) continue;
    if (every > 1 && Math.floor(daysBetween(mondayOf(first), day) / 7) % every !== 0) continue;
    const start = zonedInstant(`${day}T${timeOfDay}`, zone);
    if (start.getTime() > last) break;
    if (allDay) {
      const days = daysBetween(entry.start.date!, entry.end.date!);
      list.push({ ...single, id: `${entry.id}_${day.replaceAll("-", "")}`, recurringEventId: entry.id, start: { date: day }, end: { date: addDays(day, days) } });
    } else {
      const length = Date.parse(entry.end.dateTime!) - Date.parse(entry.start.dateTime!);
      list.push({
        ...single,
        id: `${entry.id}_${start.toISOString().replace(/[-:]|\.\d{3}/g, "")}`,
        recurringEventId: entry.id,
        start: { dateTime: start.toISOString(), timeZone: zone },
        end: { dateTime: new Date(start.getTime() + length).toISOString(), timeZone: zone },
      });
    }
  }
  return list;
}

function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** An entry that is its first start plus the starts an RDATE line lists, each as long as the first. */
function listedOccurrences(entry: CalendarEvent, line: string, zone: string): CalendarEvent[] {
  const { recurrence: _recurrence, ...single } = entry;
  const values = line.slice(line.indexOf(":") + 1).split(",");
  const allDay = Boolean(entry.start.date);
  const days = allDay ? daysBetween(entry.start.date!, entry.end.date!) : 0;
  const length = allDay ? 0 : Date.parse(entry.end.dateTime!) - Date.parse(entry.start.dateTime!);
  const first = allDay ? entry.start.date!.replaceAll("-", "") : wallClock(new Date(entry.start.dateTime!), zone).replace(/[-:]/g, "");
  return [first, ...values].map((value) => {
    const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
    if (allDay) return { ...single, id: `${entry.id}_${value}`, recurringEventId: entry.id, start: { date: day }, end: { date: addDays(day, days) } };
    const start = zonedInstant(`${day}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}`, zone);
    return {
      ...single,
      id: `${entry.id}_${start.toISOString().replace(/[-:]|\.\d{3}/g, "")}`,
      recurringEventId: entry.id,
      start: { dateTime: start.toISOString(), timeZone: zone },
      end: { dateTime: new Date(start.getTime() + length).toISOString(), timeZone: zone },
    };
  });
}

/** Tests (and a curious developer) look into and arrange a parent's fake calendar. */
export const fakeCalendarStore = {
  entries(userId: string): CalendarEvent[] {
    return [...calendarOf(userId).values()].filter((e) => e.status !== "cancelled");
  },
  /** An entry the parent made in Google Calendar themselves. */
  add(userId: string, event: Omit<CalendarEvent, "id">): CalendarEvent {
    nextId += 1;
    const stored = { ...event, id: `fakeevent${nextId}`, status: event.status ?? "confirmed" } as CalendarEvent;
    calendarOf(userId).set(stored.id, stored);
    return stored;
  },
};

/** A parent's week, by weekday (0 Sunday): what a busy family calendar holds. */
const SAMPLE_WEEK: { weekdays: number[]; summary: string; from: string; to: string }[] = [
  { weekdays: [1, 2, 3, 4, 5], summary: "Work stand-up", from: "08:30", to: "09:00" },
  { weekdays: [2], summary: "Dentist", from: "15:30", to: "16:30" },
  { weekdays: [1, 3], summary: "Gym class", from: "18:00", to: "19:00" },
  { weekdays: [4], summary: "Book club", from: "19:00", to: "20:30" },
  { weekdays: [5], summary: "Pizza night", from: "17:30", to: "19:00" },
  { weekdays: [6], summary: "Groceries", from: "10:00", to: "11:00" },
  { weekdays: [0], summary: "Brunch with Grandma", from: "11:00", to: "12:30" },
];

/** The sample entries on the window's day, in the parent's zone. */
function sampleDay({ timeMin, timeZone }: CalendarWindow): CalendarEvent[] {
  const day = localDate(timeMin, timeZone);
  const weekday = weekdayOf(day);
  return SAMPLE_WEEK.filter((s) => s.weekdays.includes(weekday)).map((s, i) => ({
    id: `sample${day.replaceAll("-", "")}${i}`,
    status: "confirmed",
    summary: `${s.summary} (sample)`,
    start: { dateTime: zonedInstant(`${day}T${s.from}`, timeZone).toISOString(), timeZone },
    end: { dateTime: zonedInstant(`${day}T${s.to}`, timeZone).toISOString(), timeZone },
  }));
}

export function fakeCalendar(userId: string): CalendarProvider {
  return {
    async insertEvent(accessToken, event) {
      fakeGoogle.authorise(SERVICE, accessToken);
      if (!event.start || !event.end || !(event.start.date ?? event.start.dateTime)) {
        throw new ServiceRefused(SERVICE, 400, { error: { code: 400, message: "Missing time." } });
      }
      return fakeCalendarStore.add(userId, event);
    },

    async deleteEvent(accessToken, calendarEventId) {
      fakeGoogle.authorise(SERVICE, accessToken);
      const entry = calendarOf(userId).get(calendarEventId);
      if (!entry || entry.status === "cancelled") return; // Google: 404/410, which the real client treats as done
      entry.status = "cancelled";
    },

    async listDay(accessToken, window) {
      const { timeMin, timeMax, timeZone } = window;
      fakeGoogle.authorise(SERVICE, accessToken);
      const samples = accessToken === LOCAL_GRANT_TOKEN ? sampleDay(window) : [];
      return [...fakeCalendarStore.entries(userId).flatMap((entry) => occurrences(entry, window)), ...samples]
        .filter((e) => instant(e.start, timeZone) < timeMax.getTime() && instant(e.end, timeZone) > timeMin.getTime())
        .toSorted((a, b) => instant(a.start, timeZone) - instant(b.start, timeZone));
    },
  };
}
