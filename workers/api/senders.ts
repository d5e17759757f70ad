import { Hono } from "hono";
import { senderNames } from "~/.server/senders";
import { requireUser, type Authed } from "./context";

/** spec §7: the names of the people who wrote to the parent. */
export const sendersApi = new Hono<Authed>()
  .use("/senders", requireUser)
  .get("/senders", async (c) => c.json({ senders: await senderNames(c.get("db"), c.get("userId")) }));
