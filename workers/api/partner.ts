import { Hono } from "hono";
import { z } from "zod";
import { setPartnerEmail } from "~/.server/users";
import { problem, readJson, requireUser, type Authed } from "./context";

const PartnerBody = z
  .object({ partnerEmail: z.union([z.email().max(254), z.literal(""), z.null()]) })
  .strict();

/** The Parenting Partner address on the profile (spec §5 "Partner email"); "" or null clears it. */
export const partnerApi = new Hono<Authed>()
  .use("/user/partner", requireUser)
  .post("/user/partner", async (c) => {
    const parsed = PartnerBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Please enter a valid email address."), 400);
    const partnerEmail = await setPartnerEmail(c.get("db"), c.get("userId"), parsed.data.partnerEmail || null);
    return c.json({ partnerEmail });
  });
