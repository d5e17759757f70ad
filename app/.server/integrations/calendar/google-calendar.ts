/** The real CalendarProvider: Google Calendar API v3 on the primary calendar. */
import { callService, ServiceRefused } from "../http";
import type { CalendarEvent, CalendarProvider } from "./provider";

const EVENTS_URL = "https://www.googleapis.com/calendar/v3/calendars/primary/events";
const SERVICE = "Google Calendar";
/** A day rarely holds more; stop paging after this many entries. */
const MAX_PAGES = 4;

function bearer(accessToken: string) {
  return { Authorization: `Bearer ${accessToken}` };
}

export const googleCalendar: CalendarProvider = {
  insertEvent(accessToken, event) {
    return callService<CalendarEvent>(SERVICE, EVENTS_URL, { method: "POST", headers: bearer(accessToken), body: event });
  },

  async deleteEvent(accessToken, calendarEventId) {
    try {
      await callService(SERVICE, `${EVENTS_URL}/${encodeURIComponent(calendarEventId)}`, {
        method: "DELETE",
        headers: bearer(accessToken),
      });
    } catch (error) {
      // Deleted in Google Calendar already: nothing left to remove.
      if (error instanceof ServiceRefused && (error.status === 404 || error.status === 410)) return;
      throw error;
    }
  },

  async listDay(accessToken, { timeMin, timeMax, timeZone }) {
    const items: CalendarEvent[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        timeMin: timeMin.toISOString(),
        timeMax: timeMax.toISOString(),
        timeZone,
        singleEvents: "true",
        orderBy: "startTime",
        maxResults: "250",
      });
      if (pageToken) query.set("pageToken", pageToken);
      const answer = await callService<{ items?: CalendarEvent[]; nextPageToken?: string }>(
        SERVICE,
        `${EVENTS_URL}?${query}`,
        { headers: bearer(accessToken) },
      );
      items.push(...(answer.items ?? []));
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return items;
  },
};
