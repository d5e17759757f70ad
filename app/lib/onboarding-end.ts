/**
 * Where onboarding goes once the parent's mail is set up (the watchlist's
 * Continue, forwarding confirmed or skipped, the filter guide's last step):
 * Calendar Access in onboarding mode (spec §2 "Onboarding screens" 3), whose
 * 'Allow Access' and 'Do this later' both end at Ready (/join/success); straight
 * to Ready when Google Calendar is already connected (ADR 029).
 */
export const READY = "/join/success";
export const CALENDAR_STEP = "/join/calendar";

export function afterMailSetup(calendarProvider: string | null | undefined): string {
  return calendarProvider === "gcal" ? READY : CALENDAR_STEP;
}
