/**
 * The parent's calendar day of an instant, fast enough for thousands of
 * events on a phone. Every zone offset in use today is a multiple of 15
 * minutes, so the local date is constant within each UTC quarter-hour: one
 * Intl call per quarter-hour, cached per zone.
 */
import { localDate, wallClock } from "../zoned-time";

const QUARTER_HOUR_MS = 900_000;
const caches = new Map<string, Map<number, string>>();

export function localDay(instant: string | number | Date, timeZone: string): string {
  const ms = typeof instant === "number" ? instant : typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  let cache = caches.get(timeZone);
  if (!cache) {
    cache = new Map();
    caches.set(timeZone, cache);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let day = cache.get(bucket);
  if (day === undefined) {
    day = localDate(new Date(bucket * QUARTER_HOUR_MS), timeZone);
    if (cache.size > 50_000) cache.clear();
    cache.set(bucket, day);
  }
  return day;
}

/** Minutes the zone is ahead of UTC at an instant (cached like localDay). */
const offsetCaches = new Map<string, Map<number, number>>();
export function offsetMinutes(ms: number, timeZone: string): number {
  let cache = offsetCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(timeZone, cache);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = cache.get(bucket);
  if (offset === undefined) {
    const at = bucket * QUARTER_HOUR_MS;
    const wall = Date.parse(`${wallClock(new Date(at), timeZone)}Z`);
    offset = Math.round((wall - at) / 60_000);
    cache.set(bucket, offset);
  }
  return offset;
}
