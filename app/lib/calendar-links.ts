/** The parent's own school and club calendar links, as the browser asks for them (/api/calendars). */
import { postJson } from "./post-json";

export interface CalendarLink {
  _id: string;
  url: string;
  name: string;
  eventsCount: number;
}

/** The server's own error text, or null when it gave none. */
export async function errorText(response: Response): Promise<string | null> {
  try {
    return ((await response.json()) as { error?: string }).error ?? null;
  } catch {
    return null;
  }
}

export async function listCalendarLinks(signal?: AbortSignal): Promise<CalendarLink[]> {
  const response = await fetch("/api/calendars", { credentials: "include", signal });
  if (!response.ok) throw new Error(`Calendars answered ${response.status}`);
  return ((await response.json()) as { calendars: CalendarLink[] }).calendars;
}

export type AddedCalendar = { ok: true; calendar: CalendarLink; totalEventsCreated: number } | { ok: false; message: string | null };

export async function addCalendarLink(url: string, name?: string): Promise<AddedCalendar> {
  const response = await postJson("/api/calendars", name ? { url, name } : { url });
  if (!response.ok) return { ok: false, message: await errorText(response) };
  return { ok: true, ...((await response.json()) as { calendar: CalendarLink; totalEventsCreated: number }) };
}

export async function removeCalendarLink(id: string): Promise<boolean> {
  const response = await fetch(`/api/calendars/${encodeURIComponent(id)}`, { method: "DELETE", credentials: "include" });
  return response.ok;
}
