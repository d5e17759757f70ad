/**
 * A school or club calendar link as a parent pastes it, turned into the one
 * address Cubby fetches. Schools and clubs hand out their iCalendar feeds in a
 * few shapes: `webcal://` (the calendar app's scheme: fetched as https), a
 * bare host without a scheme, and Google Calendar's pages (the embed page and
 * the "add this calendar" link) that are not the feed itself. Everything else
 * a school-site platform exports (Finalsite, Blackboard, Edlio, Apptegy,
 * SchoolBlocks, rSchoolToday, TeamSnap, SportsEngine…) is already an ICS URL
 * and stays as written, query and all.
 *
 * Shared by the browser (to check before sending) and the server (which
 * checks again, then fetches only through safeFetch).
 */
import { urlProblem } from "./feed/url-form";

export type CalendarLinkCheck = { ok: true; url: string } | { ok: false; message: string };

export const CALENDAR_LINK_MAX = 2048;

const GOOGLE_HOSTS = new Set(["calendar.google.com", "www.google.com"]);

/** Google's public feed of a calendar id (an address such as abc@group.calendar.google.com). */
export function googleIcalUrl(calendarId: string): string {
  return `https://calendar.google.com/calendar/ical/${encodeURIComponent(calendarId)}/public/basic.ics`;
}

/** `cid` is the calendar id, base64-encoded (unpadded) in Google's "add calendar" links, or an ICS address. */
function decodeCid(cid: string): string {
  if (cid.includes("@") || /^(https?|webcal):/i.test(cid)) return cid;
  try {
    const padded = cid.replace(/-/g, "+").replace(/_/g, "/");
    const decoded = atob(padded + "=".repeat((4 - (padded.length % 4)) % 4));
    return /^[\x20-\x7e]+$/.test(decoded) ? decoded : cid;
  } catch {
    return cid;
  }
}

/** Google Calendar's page links → its ical feed; null when the link is not one of those pages. */
function fromGooglePage(url: URL): string | null {
  if (!GOOGLE_HOSTS.has(url.hostname) || !url.pathname.startsWith("/calendar")) return null;
  if (url.pathname.startsWith("/calendar/ical/")) return null; // already the feed
  const src = url.searchParams.get("src");
  if (src) return googleIcalUrl(src);
  const cid = url.searchParams.get("cid");
  if (cid) {
    const id = decodeCid(cid);
    return /^(https?|webcal):/i.test(id) ? id : googleIcalUrl(id);
  }
  return null;
}

/** Checks and normalises a pasted calendar link (spec §5's URL wording for what it shares with the URL form). */
export function normaliseCalendarLink(input: string): CalendarLinkCheck {
  const problem = urlProblem(input);
  if (problem) return { ok: false, message: problem };
  let text = input.trim();
  if (text.length > CALENDAR_LINK_MAX) return { ok: false, message: "That calendar link is too long." };
  text = text.replace(/^webcals?:\/\//i, "https://");
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) text = `https://${text.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: "That is not a calendar link." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: "That is not a calendar link." };
  const google = fromGooglePage(url);
  if (google) return google === text ? { ok: true, url: google } : normaliseCalendarLink(google);
  url.hash = "";
  return { ok: true, url: url.toString() };
}

/** What a calendar link is called when the parent gave it no name: its site, without "www.". */
export function calendarLinkSite(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
