/**
 * An extracted event's times as D1 keeps them: a timed start or end on the
 * parent's wall clock becomes a UTC instant, an all-day one stays a day, and a
 * calendar series' occurrences (which carry their offset) become instants too.
 * Pure: the merge and the extractor CLI's --occurrences share it.
 */
import type { Occurrence } from "../db/schema";
import type { ExtractedEvent } from "../extract/types";
import { type FeedEvent, unflagged } from "../../lib/event";
import { zonedInstant } from "../../lib/time-zone";

/** Local 'YYYY-MM-DDTHH:mm' → UTC instant for timed events; all-day dates stay dates. */
export function storedTime(value: string | null, dateTime: boolean, timeZone: string): string | null {
  if (!value) return null;
  if (!dateTime || value.length === 10) return value.slice(0, 10);
  return zonedInstant(value.slice(0, 16), timeZone).toISOString();
}

function storedOccurrences(event: ExtractedEvent): Occurrence[] | null {
  if (!event.occurrences) return null;
  const instant = (value: string) => (event.dateTime ? new Date(value).toISOString() : value);
  return event.occurrences.map((o) => ({
    start: instant(o.start),
    end: o.end ? instant(o.end) : null,
    ...(o.cancelled ? { cancelled: true } : {}),
    ...(o.eventName ? { eventName: o.eventName } : {}),
  }));
}

/** start, end, dateTime and occurrences as stored; a series starts at its first occurrence, exactly. */
export function storedTimes(event: ExtractedEvent, timeZone: string) {
  const occurrences = storedOccurrences(event);
  return {
    start: occurrences?.[0]?.start ?? storedTime(event.start, event.dateTime, timeZone)!,
    end: occurrences ? occurrences[0]!.end : storedTime(event.end, event.dateTime, timeZone),
    dateTime: event.dateTime,
    occurrences,
  };
}

/** The fields an extracted event gives a stored event (the merge adds the owner and fingerprint). */
export function storedFields(event: ExtractedEvent, timeZone: string) {
  return {
    eventName: event.eventName,
    description: event.description,
    ...storedTimes(event, timeZone),
    tags: event.tags,
    range: event.range,
    startRange: event.startRange,
    endRange: event.endRange,
    recurrence: event.recurrence,
    location: event.location,
    hyperlink: event.hyperlink ?? null,
    monthEvent: event.monthEvent ?? false,
    weekEvent: event.weekEvent ?? false,
    source: event.source ?? null,
    confidence: event.confidence ?? null,
    needsReview: needsReview(event),
  };
}

/** Below this the parent is asked before the event enters the feed (issue 30). */
export const SURE_CONFIDENCE = 0.5;

/** An event read with too little confidence waits for a parent's answer; one without a confidence is sure. */
export function needsReview(event: Pick<ExtractedEvent, "confidence">): boolean {
  return (event.confidence ?? 1) < SURE_CONFIDENCE;
}

/** An extracted event as the API would answer it once stored (ids made up): the feed's input. */
export function asFeedEvent(event: ExtractedEvent, id: string, timeZone: string, createdAt: Date): FeedEvent {
  return {
    _id: id,
    id,
    ...unflagged(),
    ...storedFields(event, timeZone),
    mentions: [],
    createdAt: createdAt.toISOString(),
  };
}
