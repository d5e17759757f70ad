import { Hono } from "hono";
import { addToWatchlist, listWatchlist, removeFromWatchlist, WATCHLIST_MAX } from "~/.server/watchlist";
import { checkWatchlistAddress } from "~/lib/watchlist";
import { type Authed, familyKey, problem, readJson, requireUser, familyData } from "./context";
import { checkGmailSoon } from "./gmail-check";

/** The {address} of a body, checked with spec §5's rule (the same one the screen uses). */
async function addressOf(request: Request) {
  const body = (await readJson(request)) as { address?: unknown } | undefined;
  if (typeof body?.address !== "string") return checkWatchlistAddress("");
  // RFC 5321's longest address; a domain alone is shorter still.
  if (body.address.trim().length > 254) return { ok: false as const, message: "An address has at most 254 characters." };
  return checkWatchlistAddress(body.address);
}

/** spec §7: the senders a parent follows. */
export const watchlistApi = new Hono<Authed>()
  .use("/watchlist", requireUser)
  .get("/watchlist", async (c) => c.json({ watchlist: await listWatchlist(familyData(c), familyKey(c)) }))
  .post("/watchlist", async (c) => {
    const check = await addressOf(c.req.raw);
    if (!check.ok) return c.json(problem(check.message), 400);
    const db = familyData(c);
    const current = await listWatchlist(db, familyKey(c));
    if (!current.includes(check.address) && current.length >= WATCHLIST_MAX) {
      return c.json(problem(`You can follow up to ${WATCHLIST_MAX} addresses.`), 409);
    }
    await addToWatchlist(db, familyKey(c), check.address);
    // A sender just followed is read back 30 days, now rather than at the next cron.
    checkGmailSoon(c.get("db"), c.env, c.executionCtx, c.get("userId"));
    return c.json({ address: check.address }, 201);
  })
  .delete("/watchlist", async (c) => {
    const check = await addressOf(c.req.raw);
    if (!check.ok) return c.json(problem(check.message), 400);
    const removed = await removeFromWatchlist(familyData(c), familyKey(c), check.address);
    if (!removed) return c.json(problem("That address is not on your list."), 404);
    return c.json({ ok: true });
  });
