import { Hono } from "hono";
import { addCalendarLink, CalendarLinkBody, listCalendarLinks, removeCalendarLink } from "~/.server/calendar-links";
import { checkSchoolCalendars } from "~/.server/school-calendars";
import { firstIssue } from "./children";
import { type Authed, familyKey, problem, readJson, requireUser, familyData } from "./context";
import { byParent, rateLimited } from "./rate-limited";

/**
 * spec §7 `GET /api/checkcalendars`: read the calendars of the children's
 * schools and the parent's own calendar links. `/api/calendars`: those links
 * (beyond the spec, issue 15): list, add (read at once), remove.
 */
export const calendarsApi = new Hono<Authed>()
  .use("/checkcalendars", requireUser)
  .use("/calendars", requireUser)
  .use("/calendars/*", requireUser)
  .get("/checkcalendars", async (c) => c.json(await checkSchoolCalendars(familyData(c), c.env, familyKey(c))))
  .get("/calendars", async (c) => c.json({ calendars: await listCalendarLinks(familyData(c), familyKey(c)) }))
  // Each add fetches the link from elsewhere on the parent's behalf.
  .post("/calendars", rateLimited("CHECKURL_LIMITER", byParent), async (c) => {
    const parsed = CalendarLinkBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem(firstIssue(parsed.error, "Send {url, name?}.")), 400);
    const added = await addCalendarLink(familyData(c), c.env, familyKey(c), parsed.data);
    if (!added.ok) return c.json(problem(added.message), added.status);
    return c.json({ calendar: added.calendar, totalEventsCreated: added.created }, 201);
  })
  .delete("/calendars/:id", async (c) => {
    const removed = await removeCalendarLink(familyData(c), familyKey(c), c.req.param("id"));
    if (!removed) return c.json(problem("Calendar not found."), 404);
    return c.json({ ok: true });
  });
