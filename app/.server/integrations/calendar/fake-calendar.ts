/**
 * The local CalendarProvider: each parent's primary calendar in memory,
 * answering as Google Calendar v3 does (deleted entries marked cancelled, 400
 * for an entry without times, 401 for tokens Google would refuse via fakeGoogle). Deterministic: ids
 * count up, nothing is random or on the network.
 *
 * A parent connected through local sign-in (development, no Google tokens)
 * also finds a few sample entries of a parent's week on every day they look
 * at, so the drawer's conflicts show locally; tests connect with tokens and
 * start from an empty calendar.
 */
import { localDate, zonedInstant } from "~/lib/zoned-time";
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
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
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

    async listDay(accessToken, { timeMin, timeMax, timeZone }) {
      fakeGoogle.authorise(SERVICE, accessToken);
      const samples = accessToken === LOCAL_GRANT_TOKEN ? sampleDay({ timeMin, timeMax, timeZone }) : [];
      return [...fakeCalendarStore.entries(userId), ...samples]
        .filter((e) => instant(e.start, timeZone) < timeMax.getTime() && instant(e.end, timeZone) > timeMin.getTime())
        .toSorted((a, b) => instant(a.start, timeZone) - instant(b.start, timeZone));
    },
  };
}
