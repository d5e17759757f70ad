import { Hono } from "hono";
import { z } from "zod";
import { acceptInvite, dropInvite, familyView, invitePartner, removeMember } from "~/.server/family/family";
import { problem, readJson, requireUser, type Authed } from "./context";

const InviteBody = z.object({ email: z.email().max(254) }).strict();
const AcceptBody = z.object({ bring: z.enum(["mine", "none"]) }).strict();

/**
 * One family, several parents (ADR 026): the family as this parent sees it,
 * invitations (Premium), accepting one, leaving and removing. Which family is
 * always the session's; ids in the path only pick within it.
 */
export const familyApi = new Hono<Authed>()
  .use("/family", requireUser)
  .use("/family/*", requireUser)
  .get("/family", async (c) => c.json({ family: await familyView(c.get("db"), c.get("userId")) }))
  .post("/family/invites", async (c) => {
    const parsed = InviteBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Please enter a valid email address."), 400);
    const invited = await invitePartner(c.get("db"), c.env, c.get("userId"), parsed.data.email);
    if (!invited.ok) return c.json(problem(invited.error), invited.status);
    return c.json({ invite: invited.invite }, 201);
  })
  .post("/family/invites/:id/accept", async (c) => {
    const parsed = AcceptBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem('Send {bring: "mine" | "none"}.'), 400);
    const accepted = await acceptInvite(c.env, c.get("userId"), c.req.param("id"), parsed.data.bring);
    if (!accepted.ok) return c.json(problem(accepted.error), accepted.status);
    return c.json({ family: accepted.family });
  })
  .delete("/family/invites/:id", async (c) => {
    const dropped = await dropInvite(c.get("db"), c.get("userId"), c.req.param("id"));
    return dropped ? c.json({ ok: true }) : c.json(problem("Invitation not found."), 404);
  })
  .delete("/family/members/:userId", async (c) => {
    const removed = await removeMember(c.env, c.get("userId"), c.req.param("userId"));
    return removed.ok ? c.json({ ok: true }) : c.json(problem(removed.error), removed.status);
  });
