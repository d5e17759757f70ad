import { Hono } from "hono";
import { GoogleAccessRevoked } from "~/.server/integrations/google/access";
import { isServiceFailure } from "~/.server/integrations/http";
import { calendarDay, CalendarNotConnected } from "~/.server/integrations/calendar/day";
import { type Authed, familyScope, problem, requireUser, familyData } from "./context";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** spec §7 GET /api/calendar/{YYYY-MM-DD}: the parent's Google Calendar that day, conflicts marked. */
export const calendarApi = new Hono<Authed>().use(requireUser).get("/calendar/:day", async (c) => {
  const day = c.req.param("day");
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return c.json(problem("Send a day as YYYY-MM-DD."), 400);
  }
  try {
    return c.json(await calendarDay(familyData(c), c.env, familyScope(c), day));
  } catch (error) {
    if (error instanceof CalendarNotConnected) return c.json(problem("Google Calendar is not connected."), 409);
    if (error instanceof GoogleAccessRevoked) {
      return c.json({ error: "Google Calendar access was revoked. Please connect it again.", calendarProvider: null }, 409);
    }
    if (isServiceFailure(error)) {
      console.warn("Calendar day failed", error.service, error.status ?? "unreachable");
      return c.json(problem("Google Calendar is not answering. Please try again later."), 502);
    }
    throw error;
  }
});
