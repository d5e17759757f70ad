import { Hono } from "hono";
import { addCalendarLink } from "~/.server/calendar-links";
import { addOwnSchool, OwnSchoolBody, parseSchoolSearch, searchSchools } from "~/.server/schools";
import { normaliseCalendarLink } from "~/lib/calendar-link";
import { firstIssue } from "./children";
import { type Authed, familyKey, problem, readJson, requireUser, familyData } from "./context";
import { byParent, rateLimited } from "./rate-limited";

/** spec §7: the school directory, by name or by grade near the parent; and "My school isn't listed". */
export const schoolsApi = new Hono<Authed>()
  .use("/schools/*", requireUser)
  .use("/schools", requireUser)
  .post("/schools/search", async (c) => {
    const parsed = parseSchoolSearch(await readJson(c.req.raw));
    if (!parsed.success) {
      return c.json(problem(firstIssue(parsed.error, "Send {q, location?, country?} or {grade, location?, country?}.")), 400);
    }
    // Schools are the directory's (ADR 027).
    return c.json({ results: await searchSchools(c.get("db"), familyKey(c), parsed.data) });
  })
  /**
   * A school the directory lacks, as the parent names it, with its calendar
   * link if they have one. The link is read first: a link that is not a
   * readable calendar is refused and nothing is saved.
   */
  .post("/schools", rateLimited("CHECKURL_LIMITER", byParent), async (c) => {
    const parsed = OwnSchoolBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem(firstIssue(parsed.error, "Send {name, city?, calendarUrl?}.")), 400);
    const { name, city, calendarUrl } = parsed.data;
    const db = familyData(c);
    const key = familyKey(c);
    const link = calendarUrl?.trim() ? normaliseCalendarLink(calendarUrl) : null;
    if (link && !link.ok) return c.json(problem(link.message), 400);
    let calendar = null;
    let totalEventsCreated = 0;
    if (link) {
      const added = await addCalendarLink(db, c.env, key, { url: link.url, name });
      // The same link again is fine here: the school is what the parent is adding.
      if (!added.ok && added.status !== 409) return c.json(problem(added.message), added.status);
      if (added.ok) {
        calendar = added.calendar;
        totalEventsCreated = added.created;
      }
    }
    const school = await addOwnSchool(c.get("db"), key, { name, city });
    if (!school.ok) return c.json(problem(school.message), 409);
    return c.json({ school: school.school, calendar, totalEventsCreated }, 201);
  });
