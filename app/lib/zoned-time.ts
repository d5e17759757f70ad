/**
 * Wall-clock time in a parent's zone ↔ instants, with Intl alone (no tz database
 * to ship). Extraction speaks local 'YYYY-MM-DDTHH:mm'; D1 keeps timed events as
 * UTC instants so every device shows them right.
 */

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

/** The zone's calendar date at an instant, as 'YYYY-MM-DD'. */
export function localDate(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).slice(0, 10);
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const asUtc = Date.parse(`${wallClock(instant, timeZone)}Z`);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the zone's clock reads `local` ('YYYY-MM-DDTHH:mm[:ss]').
 * In a spring-forward gap the later reading wins; in a fall-back overlap, the first.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  const naive = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(naive)) throw new RangeError(`Not a local date-time: ${local}`);
  const first = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  // A guess that lands across a DST change needs the offset on the other side.
  const second = naive - offsetMinutes(new Date(first), timeZone) * 60_000;
  const wanted = new Date(naive).toISOString().slice(0, 19);
  for (const candidate of [first, second]) {
    if (wallClock(new Date(candidate), timeZone) === wanted) return new Date(candidate);
  }
  // No instant reads `local` (a spring-forward gap): take the moment just after the jump.
  return new Date(Math.max(first, second));
}

export function isTimeZone(value: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}
