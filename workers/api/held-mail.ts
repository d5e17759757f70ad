import { Hono } from "hono";
import { z } from "zod";
import { acceptHeldMail, discardHeldMail, listHeldMail } from "~/.server/ingest/held-mail";
import { type Authed, familyKey, problem, readJson, requireUser, familyData } from "./context";

const AcceptBody = z.object({ follow: z.boolean().default(false) }).optional();

const NOT_HELD = "That message is no longer waiting.";

/**
 * "From someone new" (ADR 016): mail from senders the parent has not
 * vouched for, which waits on the profile to be accepted or discarded.
 * Mounted before the message routes so /messages/held is not read as an id.
 */
export const heldMailApi = new Hono<Authed>()
  .use("/messages/*", requireUser)
  .get("/messages/held", async (c) => c.json({ messages: await listHeldMail(familyData(c), familyKey(c)) }))
  .post("/messages/:id/accept", async (c) => {
    const body = AcceptBody.safeParse(await readJson(c.req.raw));
    if (!body.success) return c.json(problem("Say whether to follow this sender."), 400);
    const accepted = await acceptHeldMail(familyData(c), c.env, familyKey(c), c.req.param("id"), body.data?.follow ?? false);
    if (!accepted) return c.json(problem(NOT_HELD), 404);
    return c.json({ ok: true, queued: accepted.queued });
  })
  .delete("/messages/:id", async (c) => {
    const discarded = await discardHeldMail(familyData(c), familyKey(c), c.req.param("id"));
    if (!discarded) return c.json(problem(NOT_HELD), 404);
    return c.json({ ok: true });
  });
