import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { messages, urlSources, users } from "~/.server/db/schema";
import { eventsOfSource } from "~/.server/events";
import { importUrl } from "~/.server/ingest/import-url";
import { storedMail } from "~/.server/ingest/mail-store";
import { readOrPark } from "~/.server/ingest/monthly-reads";
import { sanitiseMessageHtml } from "~/.server/message-html";
import { progressOf, queueSources } from "~/.server/ingest/queue-sources";
import { dohResolver, UrlRefused, type HostResolver } from "~/.server/ingest/safe-fetch";
import { isPremium, PREMIUM_URLS } from "~/lib/subscription";
import { problem, requireUser, type Authed, familyKey, familyScope, familyData } from "./context";
import { byParent, rateLimited } from "./rate-limited";

/** Tests and local development swap the DNS resolver for a fake (no network there). */
export const urlResolver: { current: HostResolver } = { current: dohResolver() };

/** The longest URL browsers and servers commonly agree on. */
const URL_MAX = 2048;


/** spec §7: a message or URL source, rescanning it, the progress stream, and URL import. */
export const sources = new Hono<Authed>()
  .use(requireUser)
  .get("/messages/:id", async (c) => {
    const db = familyData(c);
    const userId = familyKey(c);
    const message = await db.query.messages.findFirst({
      where: and(eq(messages.id, c.req.param("id")), eq(messages.userId, userId)),
    });
    if (!message) return c.json(problem("Message not found."), 404);
    // The mail as it arrived is in R2 (ADR 035); D1 keeps its body only for mail stored before.
    const stored = message.html === null || message.text === null ? await storedMail(c.env.MAIL_STORE, message.id) : null;
    const html = message.html ?? stored?.html ?? null;
    // Only sanitised HTML leaves the Worker (ADR 028); remote images once the parent asks ('Show images').
    const body = html ? sanitiseMessageHtml(html, { remoteImages: c.req.query("images") === "show" }) : null;
    return c.json({
      _id: message.id,
      senderInfo: { sender: message.senderName, address: message.senderAddress },
      subject: message.subject,
      creationDate: (message.sentAt ?? message.receivedAt).toISOString(),
      html: body?.html ?? null,
      hiddenImages: body?.hiddenImages ?? 0,
      text: message.text ?? stored?.text ?? null,
      status: message.status,
      statusDetail: message.statusDetail,
      events: await eventsOfSource(db, familyScope(c), message.id),
    });
  })
  .post("/messages/:id/reset", async (c) => {
    const db = familyData(c);
    const userId = familyKey(c);
    const message = await db.query.messages.findFirst({
      where: and(eq(messages.id, c.req.param("id")), eq(messages.userId, userId)),
      columns: { id: true, status: true },
    });
    if (!message) return c.json(problem("Message not found."), 404);
    if (message.status === "held") return c.json(problem("Accept this message before Cubby reads it."), 409);
    if (message.status === "limited") {
      // Never read yet: it takes one of the month's reads like new mail, or stays parked.
      const queued = await readOrPark(c.env, c.get("family"), message.id);
      return c.json({ ok: true, queued });
    }
    await db.update(messages).set({ status: "pending", statusDetail: null }).where(eq(messages.id, message.id));
    await queueSources(c.env, userId, [{ kind: "message", userId, messageId: message.id, rescan: true }]);
    return c.json({ ok: true, queued: true });
  })
  .get("/urls/:id", async (c) => {
    const db = familyData(c);
    const userId = familyKey(c);
    const page = await db.query.urlSources.findFirst({
      where: and(eq(urlSources.id, c.req.param("id")), eq(urlSources.userId, userId)),
    });
    if (!page) return c.json(problem("URL not found."), 404);
    // Whoever added it (while they have an account), or else the family's owner: directory rows (ADR 027).
    const directoryUser = (id: string) => c.get("db").query.users.findFirst({ where: eq(users.id, id) });
    const creator = (page.addedBy ? await directoryUser(page.addedBy) : undefined) ?? (await directoryUser(userId));
    const url = new URL(page.url);
    // A page's HTML leaves the Worker sanitised too, as a message's does (ADR 028).
    const body = page.html ? sanitiseMessageHtml(page.html, { remoteImages: c.req.query("images") === "show" }) : null;
    return c.json({
      _id: page.id,
      creatorInfo: { sender: creator?.displayName ?? "", address: creator?.email ?? "" },
      urlTitle: page.title,
      parseDate: page.parsedAt.toISOString(),
      urlPath: `${url.hostname}${url.pathname}`,
      url: page.url,
      html: body?.html ?? null,
      hiddenImages: body?.hiddenImages ?? 0,
      text: page.text,
      events: await eventsOfSource(db, familyScope(c), page.id),
    });
  })
  .get("/checkmessages", async (c) => {
    const progress = progressOf(c.env, familyKey(c));
    if (c.req.header("Upgrade")?.toLowerCase() === "websocket") {
      // The open feed's live socket (ADR 022). A WebSocket is not bound by CORS: a page
      // on another site could open one with the parent's cookie, so only Cubby's own may.
      if (c.req.header("Origin") !== new URL(c.req.url).origin) return c.json(problem("Cross-origin request refused."), 403);
      return progress.fetch(new Request("https://progress/live", { headers: { Upgrade: "websocket" } }));
    }
    // spec §4: Server-Sent Events until the check completes.
    return progress.fetch(new Request("https://progress/stream"));
  })
  // Each one fetches a page from elsewhere on the parent's behalf.
  .get("/checkurl", rateLimited("CHECKURL_LIMITER", byParent), async (c) => {
    const address = c.req.query("url");
    if (!address) return c.json(problem("You must type or paste in a URL"), 400);
    if (address.length > URL_MAX) return c.json(problem("That web address is too long."), 400);
    const db = familyData(c);
    const userId = familyKey(c);
    const user = await c.get("db").query.users.findFirst({ where: eq(users.id, userId), columns: { subscriptionStatus: true } });
    if (!isPremium(user?.subscriptionStatus)) return c.json(problem(PREMIUM_URLS), 403);
    try {
      return c.json({ data: await importUrl(db, c.env, { userId, addedBy: c.get("userId")! }, address, urlResolver.current) });
    } catch (error) {
      if (error instanceof UrlRefused) return c.json(problem(error.message), 422);
      throw error;
    }
  });
