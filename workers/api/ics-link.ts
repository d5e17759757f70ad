import { Hono } from "hono";
import { feedToken, feedUrl, resetFeedToken } from "~/.server/calendar-feed/link";
import { config } from "~/.server/env";
import { requireUser, type Authed } from "./context";

/**
 * The address of the parent's calendar feed out: GET answers it (made on
 * the first call), POST …/reset replaces it. Answers the https form; the
 * profile offers its webcal:// form to calendar apps.
 */
export const icsLinkApi = new Hono<Authed>()
  .use("/ics-link", requireUser)
  .use("/ics-link/*", requireUser)
  .get("/ics-link", async (c) => {
    const token = await feedToken(c.get("db"), c.get("userId"));
    return c.json({ url: feedUrl(config(c.env).APP_URL, token) });
  })
  .post("/ics-link/reset", async (c) => {
    const token = await resetFeedToken(c.get("db"), c.get("userId"));
    return c.json({ url: feedUrl(config(c.env).APP_URL, token) });
  });
