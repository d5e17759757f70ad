import { Hono } from "hono";
import { z } from "zod";
import { deleteAccountEverywhere } from "~/.server/account-deletion";
import { endSession } from "~/.server/auth/session";
import { config } from "~/.server/env";
import { readAgainInZone } from "~/.server/ingest/read-in-zone";
import {
  checkUsername,
  claimUsername,
  deleteUserData,
  profile,
  setTimezoneIfMissing,
  updatePreferences,
} from "~/.server/users";
import { isTimeZone } from "~/lib/time-zone";
import { familyData, familyKey, problem, readJson, requireUser, type Authed } from "./context";
import { byParent, rateLimited } from "./rate-limited";

const SUBSCRIPTION_NOT_CANCELLED =
  "We could not cancel your Premium subscription, so your account was not deleted. Please try again later.";

const PreferencesBody = z.object({
  preferences: z
    .object({
      firstViewTutorial: z.boolean(),
      tempUnits: z.string().max(8),
      distUnits: z.string().max(8),
      calendarInvitee: z.email().max(254).nullable(),
      weeklyPreview: z.boolean(),
    })
    .partial()
    .strict(),
});

/** spec §7: the profile, its time zone and preferences, and deleting data or the account. */
export const user = new Hono<Authed>()
  .use(requireUser)
  .get("/user/profile", async (c) => {
    const found = await profile(c.get("db"), c.env, c.get("userId"));
    if (!found) return c.json(problem("Not signed in."), 401);
    return c.json({ user: found });
  })
  .post("/timezone", async (c) => {
    const body = (await readJson(c.req.raw)) as { timezone?: unknown } | undefined;
    const timezone = typeof body?.timezone === "string" ? body.timezone.trim() : "";
    // The longest IANA names are about 30 characters ("America/Argentina/ComodRivadavia").
    if (!timezone || timezone.length > 64 || !isTimeZone(timezone)) {
      return c.json(problem("Please send a valid IANA time zone, such as America/Toronto."), 400);
    }
    const saved = await setTimezoneIfMissing(c.get("db"), c.get("userId"), timezone);
    // The family's mail is read in its owner's zone: what was read before it was known is read again
    // (queued here, read by the queue; spec §8: a failure is logged only).
    if (saved && c.get("userId") === familyKey(c)) {
      await readAgainInZone(familyData(c), c.env, familyKey(c)).catch((error) => console.warn("Reading again in the zone failed", String(error)));
    }
    return c.json({ ok: true, saved });
  })
  .post("/user/preferences", async (c) => {
    const parsed = PreferencesBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) {
      return c.json(problem("Those preferences are not valid."), 400);
    }
    const preferences = await updatePreferences(c.get("db"), c.get("userId"), parsed.data.preferences);
    return c.json({ preferences });
  })
  // Each try is a lookup of who holds a name: a script could otherwise list every taken one.
  .post("/user/username", rateLimited("USERNAME_LIMITER", byParent), async (c) => {
    const body = (await readJson(c.req.raw)) as { username?: unknown } | undefined;
    const check = checkUsername(body?.username);
    if (!check.ok) return c.json(problem(check.message), 400);
    const claim = await claimUsername(
      c.get("db"),
      c.get("userId"),
      check.username,
      config(c.env).INBOUND_DOMAIN,
    );
    if (!claim.ok) return c.json(problem("That username is taken. Please choose another."), 409);
    return c.json({ forwardingAddress: claim.forwardingAddress });
  })
  .delete("/data/delete", async (c) => {
    await deleteUserData(c.env, c.get("userId"));
    return c.json({ ok: true });
  })
  .delete("/user/delete", async (c) => {
    const db = c.get("db");
    const deletion = await deleteAccountEverywhere(db, c.env, c.get("userId"));
    // The parent stays signed in with their account, and can try again.
    if (!deletion.ok) return c.json(problem(SUBSCRIPTION_NOT_CANCELLED), deletion.status);
    c.header("Set-Cookie", await endSession(db, c.req.raw));
    return c.json({ ok: true });
  });
