import { integrationMode } from "../mode";
import { fakeCalendar } from "./fake-calendar";
import { googleCalendar } from "./google-calendar";
import type { CalendarProvider } from "./provider";

/** The parent's calendar: Google's, or the local fake (development and tests). */
export function chooseCalendar(env: Env, userId: string): CalendarProvider {
  return integrationMode(env) === "fake" ? fakeCalendar(userId) : googleCalendar;
}
