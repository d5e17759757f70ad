import { Hono } from "hono";
import { z } from "zod";
import { fakeGmailStore } from "~/.server/integrations/gmail/fake-gmail";
import { latestOutboxMail } from "~/.server/integrations/mail/fake-mail";
import { localServicesOpen } from "~/.server/integrations/mode";
import { collectMessages, localSubscription } from "~/.server/integrations/push/local-push-service";
import { remindNow } from "~/.server/integrations/push/reminders";
import { SampleEvents, writeSampleEvents } from "~/.server/sample-events";
import { limitBody } from "./body-size";
import { problem, readJson, requireUser, type Authed, familyKey, familyData } from "./context";

/** A year of made-up events (up to 2000, spec-shaped) is a few MB; only a developer's machine takes it. */
const SAMPLE_EVENTS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The local fakes' doors, for a developer on their own machine only
 * (localServicesOpen; anywhere else they do not exist): the local push service
 * the mail outbox, and made-up events for a busy feed. ADR 011,
 * docs/integrations.md.
 */
export const localServicesApi = new Hono<Authed>()
  .use(async (c, next) => {
    if (!localServicesOpen(c.env, c.req.url)) return c.json({ error: "Not found." }, 404);
    await next();
  })
  .use(requireUser)
  .use(limitBody(SAMPLE_EVENTS_MAX_BYTES))
  .get("/push", async (c) =>
    c.html(LOCAL_PUSH_PAGE, 200, {
      "Cache-Control": "no-store",
      // Its one inline script, by hash: the app's page policy admits only nonced scripts (ADR 018).
      "Content-Security-Policy": `default-src 'self'; script-src 'sha256-${await sha256Base64(LOCAL_PUSH_SCRIPT)}'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
    }),
  )
  /** What PushManager.subscribe does with a browser's push service, done by the local one. */
  .post("/push/subscription", async (c) => c.json(await localSubscription()))
  /** The messages the local push service holds for the parent's devices; each is handed out once. */
  .get("/push/messages", async (c) => c.json({ messages: await collectMessages(c.get("db"), c.get("userId")) }))
  .post("/push/reminders", async (c) => c.json(await remindNow(c.get("db"), c.env, c.get("userId"))))
  /** A year of made-up events for the signed-in parent (scripts/seed-feed.ts makes them). */
  .post("/events", async (c) => {
    const parsed = SampleEvents.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {events: [...]} in the shape of GET /api/events."), 400);
    return c.json({ written: await writeSampleEvents(familyData(c), familyKey(c), parsed.data) });
  })
  /** Puts a mail into the parent's local fake Gmail, as if it had arrived there (Gmail flows, "Suggested for you"). */
  .post("/gmail", async (c) => {
    const parsed = FakeGmailMail.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {raw, daysAgo?}: the RFC 822 text of one mail."), 400);
    const receivedAt = new Date(Date.now() - (parsed.data.daysAgo ?? 0) * 86_400_000);
    return c.json({ id: fakeGmailStore.deliver(c.get("userId"), parsed.data.raw, receivedAt) }, 201);
  })
  .get("/outbox", async (c) => {
    const mail = await latestOutboxMail(c.get("db"), c.get("userId"));
    if (!mail) return c.json(problem("Your outbox is empty. Send a preview with GET /api/mail/weeklypreview."), 404);
    // The preview's own HTML, with nothing able to run or load from elsewhere.
    return c.html(mail.html, 200, {
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    });
  });

const LOCAL_PUSH_SCRIPT = `
  const status = document.getElementById("status");
  const delivered = document.getElementById("delivered");
  async function worker() {
    const registration = await navigator.serviceWorker?.getRegistration("/");
    return registration?.active ?? null;
  }
  async function collect() {
    // The worker first: collecting takes the messages off the push service, and with no
    // worker to hand them to (one still starting) they were lost.
    const active = await worker();
    if (!active) return (status.textContent = "No service worker yet: turn notifications on in Cubby first.");
    const response = await fetch("/api/dev/push/messages", { credentials: "same-origin" });
    if (!response.ok) return (status.textContent = response.status === 401 ? "Sign in to Cubby first." : "The local push service did not answer.");
    const { messages } = await response.json();
    if (!messages.length) return;
    for (const message of messages) {
      active.postMessage({ type: "cubby:push", message });
      const item = document.createElement("li");
      item.textContent = message.title + ": " + message.body;
      delivered.append(item);
    }
    status.textContent = "Delivered to the service worker.";
  }
  document.getElementById("remind").addEventListener("click", async () => {
    const response = await fetch("/api/dev/push/reminders", { method: "POST", credentials: "same-origin" });
    const { pushed } = await response.json();
    status.textContent = pushed
      ? "Pushed to " + pushed + " device(s)."
      : "Nothing pushed: reminders are Premium (npm run dev:premium -- <email>), need a device with notifications on, and events tomorrow not reminded yet.";
    await collect();
  });
  setInterval(collect, 2000);
  void collect();
`;

/**
 * The device's side of the local push service: while this page is open it
 * collects the parent's messages every two seconds and hands each to the
 * service worker, which shows it exactly as it shows a real push.
 */
const LOCAL_PUSH_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local push service · Cubby</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 36rem; padding: 1rem; color: #2d2a26; background: #fbf6ef; }
  button { font: inherit; min-height: 44px; padding: 0 1rem; border-radius: 12px; border: 0; background: #2f6f5e; color: white; }
  li { margin: .25rem 0; }
  #status { color: #6b645c; }
</style>
</head>
<body>
<h1>Local push service</h1>
<p>Development only. Reminders the cron pushes to your devices wait here; while this page is open they go to
Cubby's service worker, which shows them as notifications. Turn notifications on first at
<a href="/notifications">/notifications</a>.</p>
<p><button type="button" id="remind">Send tomorrow's reminder now</button></p>
<p id="status" role="status">Waiting for reminders…</p>
<ul id="delivered" aria-label="Delivered"></ul>
<script type="module">${LOCAL_PUSH_SCRIPT}</script>
</body>
</html>`;

const FakeGmailMail = z.object({ raw: z.string().min(1).max(1_000_000), daysAgo: z.number().min(0).max(365).optional() });

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}
