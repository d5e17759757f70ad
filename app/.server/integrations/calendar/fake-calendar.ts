/**
 * The local CalendarProvider: each parent's primary calendar in memory,
 * answering as Google Calendar v3 does (deleted entries marked cancelled, 400
 * for an entry without times, 401 for tokens Google would refuse via fakeGoogle). Deterministic: ids
 * count up, nothing is random or on the network.
 */
import { zonedInstant } from "~/lib/zoned-time";
import { ServiceRefused } from "../http";
import { fakeGoogle } from "../google/fake-google";
import type { CalendarEvent, CalendarEventTime, CalendarProvider } from "./provider";

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
      return fakeCalendarStore
        .entries(userId)
        .filter((e) => instant(e.start, timeZone) < timeMax.getTime() && instant(e.end, timeZone) > timeMin.getTime())
        .toSorted((a, b) => instant(a.start, timeZone) - instant(b.start, timeZone));
    },
  };
}
