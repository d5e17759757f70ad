/**
 * Replies and forwards repeat older messages. An event the newer text moves
 * or cancels replaces the quoted one (taking the quoted times when the reply
 * says "same schedule"); an event repeated unchanged is kept once.
 */
import { compareDays } from "../../../lib/calendar-day";
import type { Candidate } from "./candidate";
import { sharesWords } from "./event-words";

export function supersede(candidates: Candidate[]): Candidate[] {
  const dropped = new Set<Candidate>();
  for (const older of candidates) {
    for (const newer of candidates) {
      if (newer.segment >= older.segment || dropped.has(newer)) continue;
      if (!sharesWords(newer.title, older.title)) continue;
      const sameDay = compareDays(newer.date, older.date) === 0;
      // A cancellation speaks of its own day; only a move or an update replaces an event on another day.
      const changes = newer.tags.has("reschedule") || newer.tags.has("update");
      if (!sameDay && !changes) continue;
      if (!newer.startTime && older.startTime && (!sameDay ? /\bsame (?:schedule|time|times)\b/i.test(newer.description) || newer.tags.has("reschedule") : true)) {
        newer.startTime = older.startTime;
        newer.endTime = older.endTime;
      }
      if (!newer.location) newer.location = older.location;
      for (const t of older.tags) if (!["cancel", "reschedule", "update"].includes(t)) newer.tags.add(t);
      dropped.add(older);
      break;
    }
  }
  return candidates.filter((c) => !dropped.has(c));
}
