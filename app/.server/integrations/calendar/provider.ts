/**
 * Google Calendar as Cubby uses it: add a liked event to the parent's primary
 * calendar, take it out again, and read one day to show conflicts. The shapes
 * are Google Calendar API v3's Event resource (only the fields Cubby uses).
 */
export interface CalendarEventTime {
  /** All-day: 'YYYY-MM-DD'; the end date is exclusive. */
  date?: string;
  /** Timed: RFC 3339. */
  dateTime?: string;
  timeZone?: string;
}

export interface NewCalendarEvent {
  summary: string;
  description?: string;
  location?: string;
  start: CalendarEventTime;
  end: CalendarEventTime;
  /** RRULE lines, e.g. 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261218'. */
  recurrence?: string[];
  /** Private properties: Cubby's event id, so the entry can be recognised later. */
  extendedProperties?: { private?: Record<string, string> };
}

export interface CalendarEvent extends NewCalendarEvent {
  /** An occurrence of a repeating entry (singleEvents=true) has its own id, '{seriesId}_{start}'. */
  id: string;
  /** On an occurrence: the id of the repeating entry it belongs to. */
  recurringEventId?: string;
  status?: "confirmed" | "tentative" | "cancelled";
  htmlLink?: string;
}

export interface CalendarWindow {
  /** The day's first instant and the next day's first instant, in the parent's zone. */
  timeMin: Date;
  timeMax: Date;
  timeZone: string;
}

export interface CalendarProvider {
  insertEvent(accessToken: string, event: NewCalendarEvent): Promise<CalendarEvent>;
  /** Succeeds when the entry is already gone (404/410): the parent's wish is met. */
  deleteEvent(accessToken: string, calendarEventId: string): Promise<void>;
  /** Every entry touching the window, recurring ones expanded into single events. */
  listDay(accessToken: string, window: CalendarWindow): Promise<CalendarEvent[]>;
}
