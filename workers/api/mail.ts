import { Hono } from "hono";
import { isServiceFailure } from "~/.server/integrations/http";
import { chooseMail } from "~/.server/integrations/mail/choose";
import { MAIL_LIMIT_REACHED, takeMailSend } from "~/.server/integrations/mail/daily-allowance";
import { familyIsPremium } from "~/.server/family/premium";
import { sendWeeklyPreview } from "~/.server/integrations/mail/weekly-preview";
import { problem, requireUser, type Authed } from "./context";
import { byParent, rateLimited } from "./rate-limited";

/** spec §8, word for word. */
const NOT_SENT = "Failed to send weekly preview email.";

/**
 * spec §7 GET /api/mail/weeklypreview: the weekly preview, now, to the parent
 * and their confirmed partner. Premium only (spec §6) and a few a day, so it
 * cannot be used to make Cubby mail anyone without limit.
 */
export const mailApi = new Hono<Authed>().use(requireUser).get(
  "/mail/weeklypreview",
  // A burst guard in front of the daily allowance, which costs a D1 write to check.
  rateLimited("PREVIEW_LIMITER", byParent),
  async (c) => {
    const db = c.get("db");
    if (!chooseMail(c.env, db)) return c.json(problem(NOT_SENT), 503);
    if (!(await familyIsPremium(db, c.get("userId")))) return c.json(problem("Weekly previews are a Premium feature."), 403);
    if (!(await takeMailSend(db, c.get("userId")))) return c.json(problem(MAIL_LIMIT_REACHED), 429);
    try {
      const sent = await sendWeeklyPreview(db, c.env, c.get("userId"), undefined, crypto.randomUUID());
      return c.json({ success: true, sent });
    } catch (error) {
      if (isServiceFailure(error)) {
        console.warn("Weekly preview failed", error.service, error.status ?? "unreachable");
        return c.json(problem(NOT_SENT), 502);
      }
      throw error;
    }
  },
);
