/**
 * The phone's own zone, as its browser names it. A module of its own: the
 * signed-in shell saves it on every screen (use-save-time-zone), and the zone
 * arithmetic in time-zone.ts is the feed's, not the profile's (ADR 012).
 */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
