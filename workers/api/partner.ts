import { Hono } from "hono";
import { z } from "zod";
import { confirmPartner, savePartner } from "~/.server/partner";
import { problem, readJson, requireUser, type Authed } from "./context";
import { messagePage, NO_STORE } from "./message-page";

const PartnerBody = z
  .object({ partnerEmail: z.union([z.email().max(254), z.literal(""), z.null()]) })
  .strict();

const ConfirmQuery = z.object({ parent: z.string().min(1).max(64), token: z.string().min(1).max(128) });

/** The Parenting Partner address on the profile (spec §5 "Partner email"); "" or null clears it. */
export const partnerApi = new Hono<Authed>()
  .use("/user/partner", requireUser)
  .post("/user/partner", async (c) => {
    const parsed = PartnerBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Please enter a valid email address."), 400);
    const partnerEmail = await savePartner(c.get("db"), c.env, c.get("userId"), parsed.data.partnerEmail || null);
    return c.json({ partnerEmail });
  });

export const partnerConfirmApi = new Hono<Authed>()
  /**
   * The link mailed to the partner. No session: the partner is not the parent,
   * and opens it from their own mail (workers/origin.ts lets it come from
   * another site); the token is what proves it.
   */
  .get("/confirm", async (c) => {
    const query = ConfirmQuery.safeParse(c.req.query());
    const confirmed = query.success && (await confirmPartner(c.get("db"), query.data.parent, query.data.token));
    const [status, title, line] = confirmed
      ? ([200, "Partner address confirmed", "You will get the weekly preview from Cubby every Sunday."] as const)
      : ([400, "This link is no longer valid", "Ask your partner to save your address on their Cubby profile again."] as const);
    return c.html(messagePage(title, `<p>${line}</p>`), status, NO_STORE);
  });
