import { Hono } from "hono";
import { z } from "zod";
import { acceptHeldMail, discardHeldMail, listHeldMail } from "~/.server/ingest/held-mail";
import { confirmOwnAddress } from "~/.server/own-addresses";
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
    const accepted = await acceptHeldMail(familyData(c), c.env, c.get("family"), c.req.param("id"), body.data?.follow ?? false);
    if (!accepted) return c.json(problem(NOT_HELD), 404);
    // `ownAddress`: the mail was forwarded from what may be another of the parent's mailboxes; the app asks.
    return c.json({ ok: true, queued: accepted.queued, ownAddress: accepted.ownAddress });
  })
  /** The parent says the mailbox that forwarded this (accepted) message is theirs. */
  .post("/messages/:id/own-address", async (c) => {
    const address = await confirmOwnAddress(c.get("db"), { db: familyData(c), key: familyKey(c) }, c.get("userId")!, c.req.param("id"));
    if (!address) return c.json(problem("That message was not forwarded from a mailbox of yours."), 404);
    return c.json({ ok: true, address });
  })
  .delete("/messages/:id", async (c) => {
    const discarded = await discardHeldMail(familyData(c), c.env.MAIL_STORE, familyKey(c), c.req.param("id"));
    if (!discarded) return c.json(problem(NOT_HELD), 404);
    return c.json({ ok: true });
  });
