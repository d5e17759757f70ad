import { Hono } from "hono";
import { knownAddresses } from "~/.server/senders";
import { type Authed, familyKey, requireUser, familyData } from "./context";

/** spec §7: addresses seen in the parent's mail, the watchlist's suggestions. */
export const addressesApi = new Hono<Authed>()
  .use("/addresses", requireUser)
  .get("/addresses", async (c) => c.json({ addresses: await knownAddresses(familyData(c), familyKey(c)) }));
