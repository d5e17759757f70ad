/**
 * The offline feed's line (ADR 024): when the phone has no connection, the feed
 * says how old what it shows is, as 'h:mma' with the period apart and
 * lower-case ("7:42 am"), in the feed's zone.
 */
import { wallAt } from "../time-zone";

export function knewAt(fetchedAt: number, timeZone: string): string {
  const wall = new Date(wallAt(fetchedAt, timeZone));
  const hours = wall.getUTCHours();
  const minutes = String(wall.getUTCMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

export function offlineLine(fetchedAt: number, timeZone: string): string {
  return `Offline, showing what Cubby knew at ${knewAt(fetchedAt, timeZone)}`;
}
