/**
 * Arithmetic on calendar-day keys ('YYYY-MM-DD'). Days are counted in UTC so
 * adding a day never trips over a daylight-saving change.
 */
const DAY_MS = 86_400_000;

export function keyToUtc(key: string): number {
  return Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)));
}

export function utcToKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(key: string, days: number): string {
  return utcToKey(keyToUtc(key) + days * DAY_MS);
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((keyToUtc(b) - keyToUtc(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(key: string): number {
  return new Date(keyToUtc(key)).getUTCDay();
}

/** Two-letter day codes as in a recurrence's byDay, indexed by weekdayOf(). */
export const DAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** 'YYYY-MM' of a day key. */
export function monthKey(key: string): string {
  return key.slice(0, 7);
}
