import { Hono } from "hono";
import { parseSchoolSearch, searchSchools } from "~/.server/schools";
import { firstIssue } from "./children";
import { problem, readJson, requireUser, type Authed } from "./context";

/** spec §7: the school directory, by name or by grade near the parent. */
export const schoolsApi = new Hono<Authed>()
  .use("/schools/*", requireUser)
  .post("/schools/search", async (c) => {
    const parsed = parseSchoolSearch(await readJson(c.req.raw));
    if (!parsed.success) {
      return c.json(problem(firstIssue(parsed.error, "Send {q, location?, country?} or {grade, location?, country?}.")), 400);
    }
    return c.json({ results: await searchSchools(c.get("db"), parsed.data) });
  });
