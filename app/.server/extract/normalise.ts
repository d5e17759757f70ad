/**
 * The one normaliser every extractor's output goes through (built-in or LLM):
 * validates shapes, puts dates and times on the parent's wall clock, keeps
 * events on or after the reference day, applies the tag vocabulary, merges
 * the same event found twice (text part, HTML part, attached .ics, a PDF that
 * repeats the body) and clamps names to short titles. It trusts nothing in
 * its input: an LLM may send anything.
 */
import { localDate, wallClock } from "../../lib/zoned-time";
import { nameStems } from "./builtin/event-words";
import { TAG_VOCABULARY, type ExtractContext, type ExtractedEvent, type Recurrence, type Tag } from "./types";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DAY_CODES = new Set(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]);
const TAGS = new Set<string>(TAG_VOCABULARY);
const MAX_NAME = 80;

function validDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCDate() === +m[3]! && d.getUTCMonth() === +m[2]! - 1;
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

function cleanRecurrence(value: unknown): Recurrence | null {
  if (!value || typeof value !== "object") return null;
  const r = value as { frequency?: unknown; byDay?: unknown };
  if (r.frequency !== "weekly" || !Array.isArray(r.byDay)) return null;
  const byDay = r.byDay.filter((d): d is string => typeof d === "string").map((d) => d.toUpperCase());
  const valid = byDay.filter((d) => DAY_CODES.has(d));
  return valid.length ? { frequency: "weekly", byDay: [...new Set(valid)] } : null;
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
  const recurrence = cleanRecurrence(e.recurrence);
  const startRange = toLocalValue(e.startRange, context.timeZone)?.slice(0, 10) ?? null;
  const endRange = toLocalValue(e.endRange, context.timeZone)?.slice(0, 10) ?? null;
  const spansDays = Boolean(end && end.slice(0, 10) > start.slice(0, 10));
  const range = Boolean(recurrence) || spansDays || (e.range === true && Boolean(endRange && endRange > start.slice(0, 10)));
  const hyperlink = optionalText(e.hyperlink);
  const origin = e.origin === "pdf" || e.origin === "ics" || e.origin === "body" ? e.origin : undefined;
  return {
    eventName: clampName(name),
    description: optionalText(e.description),
    start,
    end,
    dateTime: timed,
    tags: cleanTags(e.tags),
    location: optionalText(e.location),
    range,
    startRange: range ? (startRange ?? start.slice(0, 10)) : null,
    endRange: range ? (recurrence ? endRange : (endRange ?? (end ? end.slice(0, 10) : null))) : null,
    recurrence: range ? recurrence : null,
    ...(hyperlink && /^https?:\/\//i.test(hyperlink) ? { hyperlink } : {}),
    ...(origin ? { origin } : {}),
  };
}

/** The last day an event touches (series: its last occurrence, open-ended: forever). */
function lastDay(e: ExtractedEvent): string {
  if (e.recurrence && !e.endRange) return "9999-12-31";
  return e.endRange ?? e.end?.slice(0, 10) ?? e.start.slice(0, 10);
}

function isSameEvent(a: ExtractedEvent, b: ExtractedEvent): boolean {
  if (a.start.slice(0, 10) !== b.start.slice(0, 10)) return false;
  if (a.dateTime && b.dateTime && a.start !== b.start) return false;
  if (Boolean(a.recurrence) !== Boolean(b.recurrence)) return false;
  if (a.eventName.toLowerCase() === b.eventName.toLowerCase()) return true;
  const sa = nameStems(a.eventName);
  const sb = nameStems(b.eventName);
  for (const w of sb) if (sa.has(w)) return true;
  // "Game vs Owls" in the text part and "Owls" in an attached calendar.
  const da = nameStems(`${a.eventName} ${a.description ?? ""}`);
  let shared = 0;
  for (const w of sb) if (da.has(w)) shared++;
  return shared >= 2 && sb.size > 0 && shared / sb.size >= 0.6;
}

/** Which of two duplicates keeps its fields: a calendar entry, then a timed one, then more detail. */
function richness(e: ExtractedEvent): number {
  return (e.origin === "ics" ? 8 : 0) + (e.dateTime ? 4 : 0) + (e.end ? 2 : 0) + (e.location ? 1 : 0);
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
  };
}

export function normaliseEvents(proposed: unknown[], context: ExtractContext): ExtractedEvent[] {
  const today = localDate(context.now, context.timeZone);
  const out: ExtractedEvent[] = [];
  for (const raw of proposed) {
    const event = normaliseEvent(raw, context);
    if (!event || lastDay(event) < today) continue;
    const twin = out.findIndex((e) => isSameEvent(e, event));
    if (twin >= 0) out[twin] = merge(out[twin]!, event);
    else out.push(event);
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}
