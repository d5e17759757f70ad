import { Hono } from "hono";
import { checkSchoolCalendars } from "~/.server/school-calendars";
import { requireUser, type Authed } from "./context";

/** spec §7: import the calendars of the children's schools. */
export const calendarsApi = new Hono<Authed>()
  .use("/checkcalendars", requireUser)
  .get("/checkcalendars", async (c) => c.json(await checkSchoolCalendars(c.get("db"), c.env, c.get("userId"))));
