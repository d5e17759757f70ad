/**
 * A time zone's clock ↔ instants, with Intl alone (no tz database to ship).
 * Extraction speaks local 'YYYY-MM-DDTHH:mm'; D1 keeps timed events as UTC
 * instants so every device shows them right; the feed places thousands of
 * series copies on a phone. Plain relative imports only: the browser bundle,
 * the Worker and the Node scripts all load this module.
 *
 * Intl is slow next to arithmetic, so a zone's offset and date are read once
 * per UTC quarter-hour and cached: every offset in use today is a multiple of
 * 15 minutes and changes on a quarter-hour, so both are constant within one.
 * A quarter in which either changes all the same (a local-mean-time offset,
 * the 00:01 changes St. John's made until 2011) is answered from Intl at the
 * instant itself. Before that, a UTC day whose offset reads the same at its
 * start, noon and end is taken to have no change at all (a zone would have to
 * change and change back within twelve hours to fool it) and its quarters need
 * no Intl; the tests hold every quarter of a year to Intl in four zones.
 */

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The latest instant a Date can hold; the last quarter's end is read there. */
const LAST_INSTANT_MS = 8.64e15;
/** Past this many cached quarters per zone (about 17 months' worth) the cache starts again. */
const MAX_CACHED_QUARTERS = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at an instant, as 'YYYY-MM-DDTHH:mm:ss'. */
export function wallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Milliseconds the zone is ahead of UTC at an instant, from Intl (whole seconds: Intl shows no milliseconds). */
function intlOffsetMs(ms: number, timeZone: string): number {
  return Date.parse(`${wallClock(new Date(ms), timeZone)}Z`) - Math.floor(ms / 1000) * 1000;
}

interface Quarter {
  /** The zone's offset in ms throughout the quarter-hour; NaN when it changes within it. */
  offsetMs: number;
  /** The zone's date throughout the quarter-hour; "" when it changes within it. */
  date: string;
}

const quarters = new Map<string, Map<number, Quarter>>();

/** A zone's own cache in one of the per-zone caches below. */
function zoneCache<T>(caches: Map<string, Map<number, T>>, timeZone: string): Map<number, T> {
  let cache = caches.get(timeZone);
  if (!cache) {
    cache = new Map();
    caches.set(timeZone, cache);
  }
  return cache;
}

/** The zone's offset and date over the UTC quarter-hour holding `ms`, read at its first and last second. */
function quarterOf(ms: number, timeZone: string): Quarter {
  const cache = zoneCache(quarters, timeZone);
  const index = Math.floor(ms / QUARTER_HOUR_MS);
  let quarter = cache.get(index);
  if (quarter === undefined) {
    const first = index * QUARTER_HOUR_MS;
    const last = Math.min(first + QUARTER_HOUR_MS - 1000, LAST_INSTANT_MS);
    const dayOffset = steadyDayOffset(Math.floor(first / DAY_MS), timeZone);
    if (!Number.isNaN(dayOffset)) {
      // No change all day: the date is arithmetic, no Intl needed.
      const date = isoDate(first + dayOffset);
      quarter = { offsetMs: dayOffset, date: date === isoDate(last + dayOffset) ? date : "" };
    } else {
      const firstWall = wallClock(new Date(first), timeZone);
      const lastWall = wallClock(new Date(last), timeZone);
      const offset = Date.parse(`${firstWall}Z`) - first;
      const steady = offset === Date.parse(`${lastWall}Z`) - last;
      const date = firstWall.slice(0, 10);
      quarter = { offsetMs: steady ? offset : Number.NaN, date: steady && lastWall.startsWith(date) ? date : "" };
    }
    if (cache.size >= MAX_CACHED_QUARTERS) cache.clear();
    cache.set(index, quarter);
  }
  return quarter;
}

const days = new Map<string, Map<number, number>>();

/**
 * The zone's offset throughout a UTC day, read at its first second, its noon
 * and its last; NaN when they differ. Most days have no change: their quarters
 * then take two readings of Intl per day instead of two each (a feed of a
 * school year's events in the browser spends most of its build in Intl).
 */
function steadyDayOffset(day: number, timeZone: string): number {
  const cache = zoneCache(days, timeZone);
  let offset = cache.get(day);
  if (offset === undefined) {
    const first = day * DAY_MS;
    const readings = [first, first + DAY_MS / 2, Math.min(first + DAY_MS - 1000, LAST_INSTANT_MS)].map(
      (ms) => Date.parse(`${wallClock(new Date(ms), timeZone)}Z`) - ms,
    );
    offset = readings.every((reading) => reading === readings[0]) ? readings[0]! : Number.NaN;
    if (cache.size >= MAX_CACHED_QUARTERS) cache.clear();
    cache.set(day, offset);
  }
  return offset;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function offsetMs(ms: number, timeZone: string): number {
  const cached = quarterOf(ms, timeZone).offsetMs;
  return Number.isNaN(cached) ? intlOffsetMs(ms, timeZone) : cached;
}

function msOf(instant: string | number | Date): number {
  return typeof instant === "number" ? instant : typeof instant === "string" ? Date.parse(instant) : instant.getTime();
}

/** Minutes the zone is ahead of UTC at an instant (−240 for Toronto in summer). */
export function offsetMinutes(instant: number | Date, timeZone: string): number {
  return Math.round(offsetMs(msOf(instant), timeZone) / MINUTE_MS);
}

/** The zone's calendar date at an instant, as 'YYYY-MM-DD'. */
export function localDate(instant: string | number | Date, timeZone: string): string {
  const ms = msOf(instant);
  return quarterOf(ms, timeZone).date || wallClock(new Date(ms), timeZone).slice(0, 10);
}

/** The zone's wall clock at an instant as a number: the instant at which UTC's clock reads the same. */
export function wallAt(ms: number, timeZone: string): number {
  return ms + offsetMs(ms, timeZone);
}

/**
 * The instant at which the zone's clock reads `wallMs` (a wall-clock time
 * written as if UTC, as wallAt gives). Where no instant reads it (a
 * spring-forward gap) the clock is taken to have jumped past it: 02:30 in a
 * gap from 02:00 to 03:00 is the instant that reads 03:30. Where two do (a
 * fall-back overlap), the one whose offset the zone has at the instant
 * `wallMs` itself: the first west of Greenwich, where that instant comes
 * before the change, and the second from Greenwich eastwards.
 */
export function instantAt(wallMs: number, timeZone: string): number {
  const guess = wallMs - offsetMs(wallMs, timeZone);
  // A guess that lands across a change needs the offset on the other side.
  const offset = offsetMs(guess, timeZone);
  const instant = wallMs - offset;
  if (offsetMs(instant, timeZone) === offset) return instant;
  return Math.max(guess, instant);
}

/** The instant at which the zone's clock reads `local` ('YYYY-MM-DDTHH:mm[:ss]'), as instantAt chooses. */
export function zonedInstant(local: string, timeZone: string): Date {
  const wallMs = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(wallMs)) throw new RangeError(`Not a local date-time: ${local}`);
  return new Date(instantAt(wallMs, timeZone));
}

/** The zone's wall clock at an instant with its offset: '2026-11-01T01:30:00-04:00'. */
export function wallClockWithOffset(instant: Date, timeZone: string): string {
  const minutes = offsetMinutes(instant, timeZone);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${wallClock(instant, timeZone)}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export function isTimeZone(value: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}
