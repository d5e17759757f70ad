/**
 * The one normaliser every extractor's output goes through (built-in or LLM):
 * validates shapes, puts dates and times on the parent's wall clock, keeps
 * events on or after the reference day, applies the tag vocabulary, merges
 * the same event found twice (text part, HTML part, attached .ics, a PDF that
 * repeats the body) and clamps names to short titles. It trusts nothing in
 * its input: an LLM may send anything.
 */
import { daysBetween, existingDay } from "../../lib/calendar-day";
import { localDate, wallClock } from "../../lib/time-zone";
import { nameStems } from "./builtin/event-words";
import {
  TAG_VOCABULARY,
  type ExtractContext,
  type ExtractedEvent,
  type ExtractedOccurrence,
  type Recurrence,
  type Tag,
} from "./types";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DAY_CODES = new Set(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]);
const TAGS = new Set<string>(TAG_VOCABULARY);
const MAX_NAME = 80;
/**
 * Bounds on what one source may add (one message must never break a feed): see
 * ADR 013. A school's calendar file holds a year of days, so it has its own.
 */
export const MAX_EVENTS_PER_SOURCE = 200;
export const MAX_CALENDAR_EVENTS = 1000;
/** The most occurrences one series keeps (a daily series over the 400-day horizon has 400). */
export const MAX_OCCURRENCES = 500;
const MAX_SPAN_DAYS = 366;
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;
const FREQUENCIES = new Set(["daily", "weekly", "monthly", "yearly"]);

function validDay(value: string): boolean {
  const m = DAY.exec(value);
  return m !== null && existingDay(+m[1]!, +m[2]!, +m[3]!) !== null;
}

/** 'YYYY-MM-DD' | 'YYYY-MM-DDTHH:mm' on the parent's clock, or null when unreadable. */
export function toLocalValue(value: unknown, timeZone: string): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (validDay(v)) return v;
  const local = LOCAL.exec(v);
  if (local) {
    const hour = +local[2]!;
    const minute = +local[3]!;
    if (!validDay(local[1]!) || hour > 23 || minute > 59) return null;
    return `${local[1]}T${local[2]}:${local[3]}`;
  }
  if (ABSOLUTE.test(v)) {
    const ms = Date.parse(v.replace(" ", "T"));
    if (Number.isNaN(ms)) return null;
    return wallClock(new Date(ms), timeZone).slice(0, 16);
  }
  return null;
}

function clampName(name: string): string {
  let t = name.replace(/\s+/g, " ").trim().replace(/[\s:;,–-]+$/, "");
  if (t.length > MAX_NAME) {
    const cut = t.slice(0, MAX_NAME);
    t = `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 30)).replace(/[\s,;:–-]+$/, "")}…`;
  }
  return t;
}

function cleanTags(tags: unknown): Tag[] {
  if (!Array.isArray(tags)) return [];
  const out = new Set<Tag>();
  for (const t of tags) {
    if (typeof t !== "string") continue;
    const tag = t.trim().toLowerCase();
    if (TAGS.has(tag)) out.add(tag as Tag);
  }
  return [...out];
}

/**
 * A weekly series needs its days (the feed expands it); any other frequency is
 * kept only beside the occurrences a calendar file gave (the feed shows those).
 */
function cleanRecurrence(value: unknown, hasOccurrences: boolean): Recurrence | null {
  if (!value || typeof value !== "object") return null;
  const r = value as { frequency?: unknown; byDay?: unknown; interval?: unknown; rule?: unknown };
  if (typeof r.frequency !== "string" || !FREQUENCIES.has(r.frequency)) return null;
  const byDay = Array.isArray(r.byDay)
    ? [...new Set(r.byDay.filter((d): d is string => typeof d === "string").map((d) => d.toUpperCase()))].filter((d) => DAY_CODES.has(d))
    : [];
  if (!hasOccurrences && (r.frequency !== "weekly" || !byDay.length)) return null;
  const interval = typeof r.interval === "number" && Number.isInteger(r.interval) && r.interval > 1 && r.interval <= 52 ? r.interval : null;
  const rule = typeof r.rule === "string" && /^FREQ=[A-Z0-9=;,+-]+$/i.test(r.rule) && r.rule.length <= 300 ? r.rule : null;
  return {
    frequency: r.frequency as Recurrence["frequency"],
    byDay,
    ...(interval ? { interval } : {}),
    ...(rule ? { rule } : {}),
  };
}

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** A calendar file's occurrences: days for an all-day series, moments with their offset for a timed one. */
function cleanOccurrences(value: unknown, timed: boolean, today: string): ExtractedOccurrence[] | null {
  if (!Array.isArray(value)) return null;
  const valid = (v: unknown): v is string =>
    typeof v === "string" && (timed ? WITH_OFFSET.test(v) && !Number.isNaN(Date.parse(v)) : validDay(v));
  const out: ExtractedOccurrence[] = [];
  for (const raw of value) {
    if (!raw || typeof raw !== "object") continue;
    const o = raw as Record<string, unknown>;
    if (!valid(o.start)) continue;
    const end = valid(o.end) && o.end > o.start ? o.end : null;
    if ((end ?? o.start).slice(0, 10) < today && !timed) continue;
    const name = optionalText(o.eventName);
    out.push({
      start: o.start,
      end,
      ...(o.cancelled === true ? { cancelled: true } : {}),
      ...(name ? { eventName: clampName(name) } : {}),
    });
    if (out.length >= MAX_OCCURRENCES) {
      console.warn("Series clamped", `more than ${MAX_OCCURRENCES} occurrences`);
      break;
    }
  }
  return out.length > 1 ? out : null;
}

function yearOf(value: string): number {
  return Number(value.slice(0, 4));
}

/**
 * Why an event is out of bounds (null when it is fine): before 1970 or after
 * 2100, or a single stretch longer than a year. Such an event is a mistake or
 * an attack (an all-day event ending 9999-12-31 once made a feed unusable).
 */
function outOfBounds(e: ExtractedEvent): string | null {
  for (const value of [e.start, e.end, e.startRange, e.endRange]) {
    if (value && (yearOf(value) < FIRST_YEAR || yearOf(value) > LAST_YEAR)) return `a date outside ${FIRST_YEAR}–${LAST_YEAR}`;
  }
  if (e.end && daysBetween(e.start.slice(0, 10), e.end.slice(0, 10)) > MAX_SPAN_DAYS) return "spans more than a year";
  if (!e.recurrence && e.endRange && daysBetween(e.start.slice(0, 10), e.endRange) > MAX_SPAN_DAYS) return "spans more than a year";
  return null;
}

/** At most 300 characters of the source, one space between words: plain text, never markup. */
const SOURCE_LENGTH = 300;

/**
 * The line an event was read from, as plain text (tags and entities stay as written, the
 * page shows it as text), and the extractor's confidence within 0–1.
 */
function sourceAndConfidence(e: Record<string, unknown>): Pick<ExtractedEvent, "source" | "confidence"> {
  // Lines stay lines (the card marks the first); spaces within a line collapse.
  const written = optionalText(e.source)?.split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean).join("\n");
  const source = written && written.length > SOURCE_LENGTH ? `${written.slice(0, SOURCE_LENGTH - 1)}…` : written;
  const confidence = typeof e.confidence === "number" && Number.isFinite(e.confidence) ? Math.min(1, Math.max(0, e.confidence)) : undefined;
  return { ...(source ? { source } : {}), ...(confidence === undefined ? {} : { confidence }) };
}

function optionalText(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** One proposed event → a valid contract event, or null. */
export function normaliseEvent(raw: unknown, context: ExtractContext): ExtractedEvent | null {
  if (!raw || typeof raw !== "object") return null;
  const e = raw as Record<string, unknown>;
  const name = optionalText(e.eventName);
  const start = toLocalValue(e.start, context.timeZone);
  if (!name || !start) return null;
  const timed = start.length > 10;
  let end = e.end == null ? null : toLocalValue(e.end, context.timeZone);
  if (end) {
    // An all-day event ends on a day; a timed one at a time; never before it starts.
    if (!timed) end = end.slice(0, 10);
    else if (end.length === 10) end = end === start.slice(0, 10) ? null : `${end}T${start.slice(11)}`;
    if (end && end <= start) end = end === start || timed ? null : end;
    if (end && !timed && end === start) end = null;
  }
  const occurrences = cleanOccurrences(e.occurrences, timed, localDate(context.now, context.timeZone));
  const recurrence = cleanRecurrence(e.recurrence, Boolean(occurrences));
  const startRange = toLocalValue(e.startRange, context.timeZone)?.slice(0, 10) ?? null;
  let endRange = toLocalValue(e.endRange, context.timeZone)?.slice(0, 10) ?? null;
  if (occurrences) endRange = (occurrences.at(-1)!.end ?? occurrences.at(-1)!.start).slice(0, 10);
  const spansDays = Boolean(end && end.slice(0, 10) > start.slice(0, 10));
  const range =
    Boolean(recurrence) || Boolean(occurrences) || spansDays || (e.range === true && Boolean(endRange && endRange > start.slice(0, 10)));
  const hyperlink = optionalText(e.hyperlink);
  const origin = e.origin === "pdf" || e.origin === "ics" || e.origin === "body" ? e.origin : undefined;
  const event: ExtractedEvent = {
    eventName: clampName(name),
    description: optionalText(e.description),
    start,
    end,
    dateTime: timed,
    tags: cleanTags(e.tags),
    location: optionalText(e.location),
    range,
    startRange: range ? (startRange ?? start.slice(0, 10)) : null,
    endRange: range ? (recurrence || occurrences ? endRange : (endRange ?? (end ? end.slice(0, 10) : null))) : null,
    recurrence: range ? recurrence : null,
    ...(occurrences ? { occurrences } : {}),
    ...(hyperlink && /^https:\/\/[^\s]+$/i.test(hyperlink) ? { hyperlink } : {}),
    ...(e.monthEvent === true && range ? { monthEvent: true } : {}),
    ...(e.weekEvent === true && range ? { weekEvent: true } : {}),
    ...(origin ? { origin } : {}),
    ...sourceAndConfidence(e),
  };
  const refused = outOfBounds(event);
  if (refused) {
    console.warn("Event refused", refused, JSON.stringify(event.eventName));
    return null;
  }
  return event;
}

/** The last day an event touches (series: its last occurrence, open-ended: forever). */
function lastDay(e: ExtractedEvent): string {
  if (e.recurrence && !e.endRange) return "9999-12-31";
  return e.endRange ?? e.end?.slice(0, 10) ?? e.start.slice(0, 10);
}

/**
 * Two names for one event: the same words, or one name's words all within the
 * other's ("Picture Day" / "School Picture Day"). Names that each have a word
 * of their own are different events ("Loading doors open" / "Loading doors close").
 */
function sameName(a: string, b: string): boolean {
  if (a.toLowerCase() === b.toLowerCase()) return true;
  const sa = nameStems(a);
  const sb = nameStems(b);
  if (!sa.size || !sb.size) return false;
  const [small, large] = sa.size <= sb.size ? [sa, sb] : [sb, sa];
  return [...small].every((w) => large.has(w));
}

/** An event's start and its occurrences' starts, on the parent's clock to the minute. */
function startsOf(e: ExtractedEvent): string[] {
  return [e.start, ...(e.occurrences ?? []).map((o) => o.start.slice(0, 16))];
}

function isSameEvent(a: ExtractedEvent, b: ExtractedEvent): boolean {
  // Each VEVENT of a calendar file is its own event, unless it repeats another or one of a series' occurrences.
  if (a.origin === "ics" && b.origin === "ics") {
    if (a.eventName !== b.eventName) return false;
    return startsOf(a).some((s) => startsOf(b).includes(s));
  }
  // An invitation's body names the time in the organiser's zone, read as the parent's:
  // the attached calendar entry is the same event, whatever hour the body said.
  if (a.origin === "ics" || b.origin === "ics") return Math.abs(daysBetween(a.start.slice(0, 10), b.start.slice(0, 10))) <= 1 && sameName(a.eventName, b.eventName);
  if (a.start.slice(0, 10) !== b.start.slice(0, 10)) return false;
  if (a.dateTime && b.dateTime && a.start !== b.start) return false;
  if (Boolean(a.recurrence) !== Boolean(b.recurrence)) return false;
  if (sameName(a.eventName, b.eventName)) return true;
  // "Game vs Owls" in the text part and "Owls Game" in an attached PDF: every word of one within the other's text.
  const sb = nameStems(b.eventName);
  const da = nameStems(`${a.eventName} ${a.description ?? ""}`);
  return sb.size >= 2 && [...sb].every((w) => da.has(w));
}

/** Which of two duplicates keeps its fields: a calendar entry, then a timed one, then more detail. */
function richness(e: ExtractedEvent): number {
  return (e.occurrences ? 16 : 0) + (e.origin === "ics" ? 8 : 0) + (e.dateTime ? 4 : 0) + (e.end ? 2 : 0) + (e.location ? 1 : 0);
}

function merge(a: ExtractedEvent, b: ExtractedEvent): ExtractedEvent {
  const [keep, other] = richness(b) > richness(a) ? [b, a] : [a, b];
  const tags = new Set([...keep.tags, ...other.tags]);
  if (tags.has("reschedule")) tags.delete("cancel");
  return {
    ...keep,
    description: keep.description ?? other.description,
    location: keep.location ?? other.location,
    tags: [...tags],
    ...(keep.hyperlink || other.hyperlink ? { hyperlink: keep.hyperlink ?? other.hyperlink ?? null } : {}),
    ...(keep.source || other.source ? { source: keep.source ?? other.source ?? null } : {}),
    // Told twice is surer than told once: the surer reading stands.
    ...(keep.confidence !== undefined || other.confidence !== undefined
      ? { confidence: Math.max(keep.confidence ?? 1, other.confidence ?? 1) }
      : {}),
  };
}

export function normaliseEvents(proposed: unknown[], context: ExtractContext): ExtractedEvent[] {
  const today = localDate(context.now, context.timeZone);
  const out: ExtractedEvent[] = [];
  const fromCalendar = proposed.some((p) => (p as { origin?: unknown } | null)?.origin === "ics");
  const limit = fromCalendar ? MAX_CALENDAR_EVENTS : MAX_EVENTS_PER_SOURCE;
  // Merging twins compares every pair: a flood of proposals is cut before it, the result after.
  for (const raw of proposed.slice(0, limit * 4)) {
    const event = normaliseEvent(raw, context);
    if (!event || lastDay(event) < today) continue;
    const twin = out.findIndex((e) => isSameEvent(e, event));
    if (twin >= 0) out[twin] = merge(out[twin]!, event);
    else out.push(event);
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  if (out.length > limit || proposed.length > limit * 4) {
    console.warn("Source clamped", `${proposed.length} events proposed, the first ${limit} kept`);
  }
  return out.slice(0, limit);
}
