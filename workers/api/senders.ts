import { Hono } from "hono";
import { senderNames } from "~/.server/senders";
import { type Authed, familyKey, requireUser, familyData } from "./context";

/** spec §7: the names of the people who wrote to the parent. */
export const sendersApi = new Hono<Authed>()
  .use("/senders", requireUser)
  .get("/senders", async (c) => c.json({ senders: await senderNames(familyData(c), familyKey(c)) }));
