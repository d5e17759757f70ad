/**
 * Wall-clock time in the parent's zone with Intl alone (no tz database to
 * ship, works in workerd): the local reading of an instant, and the instant
 * at which a zone's clock shows a reading.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** 'YYYY-MM-DDTHH:mm:ss' on the zone's clock at an instant. */
export function wallClock(instant: Date, timeZone: string): string {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

export function localDate(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).slice(0, 10);
}

function offsetMs(instant: number, timeZone: string): number {
  return Date.parse(`${wallClock(new Date(instant), timeZone)}Z`) - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's clock reads `local` ('YYYY-MM-DDTHH:mm[:ss]'); in a DST gap, just after it. */
export function zonedInstant(local: string, timeZone: string): Date {
  const naive = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  const first = naive - offsetMs(naive, timeZone);
  const second = naive - offsetMs(first, timeZone);
  const wanted = new Date(naive).toISOString().slice(0, 19);
  for (const candidate of [first, second]) {
    if (wallClock(new Date(candidate), timeZone) === wanted) return new Date(candidate);
  }
  return new Date(Math.max(first, second));
}

export function isTimeZone(value: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}
