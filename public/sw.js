/**
 * Cubby's service worker: it shows reminder pushes, opens the app when one is
 * tapped, and keeps the last feed for when there is no signal (ADR 024).
 *
 * A push carries JSON {title, body, url} (app/.server/integrations/push/
 * provider.ts PushMessage). In local development (INTEGRATIONS=fake) there is
 * no browser push service: the local push service's page hands the same JSON
 * to this worker in a message {type: "cubby:push", message}, and it is shown
 * by the same code (docs/integrations.md "Web Push").
 *
 * Offline copy, network first: online, every answer comes from the network
 * and only these are also kept:
 * - the app shell: the files /focus needs (the page names them in a message
 *   {type: "cubby:keep", files}) and the icons; no parent's data is in them;
 * - the last /focus page and the last GET /api/events answer, in a cache named
 *   after the signed-in session (the server's Cubby-Offline-Key header, a hash
 *   of the session id). Only one session's copy is ever kept; it is dropped at
 *   log out (which goes through this worker, so that nothing asked for before
 *   the server answered it is kept after), and when the server answers as if
 *   nobody were signed in.
 * Offline, /focus is the kept page (its Content Security Policy and nonce come
 * with it) and /api/events the kept answer, marked with Cubby-Fetched-At.
 * Every other request, /api above all, goes to the network as without a
 * service worker.
 */

const ICON = "/icon-192.png";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only the app's own pages are opened from a notification. */
function inApp(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/focus";
}

function show(message) {
  if (!message || typeof message.title !== "string") return Promise.resolve();
  return self.registration.showNotification(message.title, {
    body: typeof message.body === "string" ? message.body : "",
    icon: ICON,
    badge: ICON,
    data: { url: inApp(message.url) },
  });
}

function read(data) {
  try {
    return data ? data.json() : null;
  } catch {
    return { title: "Cubby", body: data.text(), url: "/focus" };
  }
}

self.addEventListener("push", (event) => {
  event.waitUntil(show(read(event.data)));
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "cubby:push") event.waitUntil(show(data.message));
});

/**
 * The push service replaced the subscription (it expired or was renewed):
 * register the new one as this device's token, as the app does (app/lib/push/
 * device.ts gives the same device profile), so reminders keep coming.
 */
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription && event.oldSubscription.options;
      const subscription = event.newSubscription || (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!subscription) return;
      const platform = (navigator.userAgentData && navigator.userAgentData.platform) || navigator.platform || "";
      await fetch("/api/push/subscribe", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          tokenMap: {
            token: JSON.stringify(subscription),
            userAgent: navigator.userAgent.slice(0, 512),
            platform: platform.slice(0, 64),
          },
        }),
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(inApp(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const focused = await open.focus();
          // navigate() works for pages this worker controls; any other opens anew.
          if (await (focused || open).navigate(target)) return;
        } catch {
          // Not controlled by this worker: open the event in a new window instead.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

/* ---- The offline copy ---- */

const SHELL = "cubby-shell-v1";
const FEED = "cubby-feed:";
/** Which session's copy is the current one (a service worker forgets its variables when idle). */
const CURRENT = "cubby-offline-current";
const KEY_HEADER = "Cubby-Offline-Key";
const FETCHED_AT = "Cubby-Fetched-At";
const FEED_PAGE = "/focus";
const FEED_ANSWER = "/api/events";
/** The kept copies were fetched by this worker, whose requests differ from the page's in headers a Vary may name. */
const ANY_VARY = { ignoreVary: true, ignoreSearch: false };
const ICONS = ["/icon-192.png", "/icon-512.png", "/apple-touch-icon.png", "/favicon.ico", "/manifest.webmanifest"];

async function currentKey() {
  const kept = await (await caches.open(CURRENT)).match("/key");
  return kept ? kept.text() : null;
}

/** The current session's copy, if it has one. */
async function currentFeed() {
  const key = await currentKey();
  return key ? caches.open(FEED + key) : null;
}

/** Log out, or the server no longer knows the session: no parent's data stays on the device. */
async function forgetFeeds() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(FEED) || name === CURRENT).map((name) => caches.delete(name)));
}

/**
 * When this worker last saw a log out finish (Infinity while one is under way). An answer asked
 * for before then may arrive after it (the feed was fetching its events as the parent logged
 * out): it is the old session's, and is not kept.
 */
let loggedOutAt = 0;

/** A log out: nothing asked for until the server has answered it is kept; then the kept feed is forgotten. */
async function logOut(event) {
  loggedOutAt = Infinity;
  try {
    return await fetch(event.request);
  } finally {
    loggedOutAt = Date.now();
    await forgetFeeds();
  }
}

/**
 * Keeps `response` as this session's `path`, with the time it was fetched; drops other
 * sessions' copies. `askedAt`: when the request was made.
 */
async function keepForSession(path, response, askedAt) {
  const stale = () => askedAt <= loggedOutAt;
  if (stale()) return;
  const key = response.headers.get(KEY_HEADER);
  if (!key || !/^[0-9a-f]{16,64}$/.test(key)) return;
  if ((await currentKey()) !== key) {
    await forgetFeeds();
    await (await caches.open(CURRENT)).put("/key", new Response(key));
  }
  const headers = new Headers(response.headers);
  const fetchedAt = Date.now();
  headers.set(FETCHED_AT, String(fetchedAt));
  // Served only offline: the page reads it from its navigation timing to know it is the kept copy.
  headers.set("Server-Timing", `cubby-kept;desc="${fetchedAt}"`);
  const body = await response.blob();
  // A log out while this was being read: forgetting has begun, keep nothing (and undo the key).
  if (stale()) return forgetFeeds();
  await (await caches.open(FEED + key)).put(path, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  if (stale()) await forgetFeeds();
}

function isLogout(url) {
  return url.pathname === "/api/logout" || url.pathname === "/api/logout/everywhere";
}

/** /focus: fresh from the network and kept; offline, the kept one. */
async function feedPage(event) {
  const askedAt = Date.now();
  try {
    const response = await fetch(event.request);
    if (response.ok && response.headers.has(KEY_HEADER)) event.waitUntil(keepForSession(FEED_PAGE, response.clone(), askedAt));
    else if (response.ok) event.waitUntil(forgetFeeds());
    return response;
  } catch (error) {
    const kept = await (await currentFeed())?.match(FEED_PAGE, ANY_VARY);
    if (kept) return kept;
    throw error;
  }
}

/** Another page of the app: offline, the feed instead of the browser's error page. */
async function otherPage(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    if (await (await currentFeed())?.match(FEED_PAGE, ANY_VARY)) return Response.redirect(FEED_PAGE, 302);
    throw error;
  }
}

async function feedAnswer(event) {
  const askedAt = Date.now();
  try {
    const response = await fetch(event.request);
    if (response.ok && response.headers.has(KEY_HEADER)) event.waitUntil(keepForSession(FEED_ANSWER, response.clone(), askedAt));
    else if (response.status === 401) event.waitUntil(forgetFeeds());
    return response;
  } catch (error) {
    const kept = await (await currentFeed())?.match(FEED_ANSWER, ANY_VARY);
    if (kept) return kept;
    throw error;
  }
}

/** A shell file: fresh when online (and kept if it is one of the shell's), the kept one offline. */
async function shellFile(request) {
  const shell = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && (await shell.match(request, ANY_VARY))) await shell.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await shell.match(request, ANY_VARY);
    if (kept) return kept;
    throw error;
  }
}

/** The page says which files /focus needs: keep those (and the icons), drop files of older versions. */
async function keepShell(files) {
  const wanted = new Set(
    [...files, ...ICONS]
      .map((file) => new URL(file, self.location.origin))
      .filter((url) => url.origin === self.location.origin && (url.pathname.startsWith("/assets/") || ICONS.includes(url.pathname)))
      .map((url) => url.pathname),
  );
  const shell = await caches.open(SHELL);
  for (const request of await shell.keys()) {
    if (!wanted.has(new URL(request.url).pathname)) await shell.delete(request);
  }
  await Promise.all(
    [...wanted].map(async (path) => {
      if (await shell.match(path, ANY_VARY)) return;
      try {
        const response = await fetch(path);
        if (response.ok) await shell.put(path, response);
      } catch {
        // Offline or gone: the next visit tries again.
      }
    }),
  );
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "cubby:keep" && Array.isArray(data.files)) {
    event.waitUntil(keepShell(data.files.filter((file) => typeof file === "string").slice(0, 200)));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isLogout(url)) return event.respondWith(logOut(event));
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    if (url.pathname === FEED_PAGE) return event.respondWith(feedPage(event));
    if (!url.pathname.startsWith("/api/")) return event.respondWith(otherPage(event));
    return;
  }
  if (url.pathname === FEED_ANSWER && !url.search) return event.respondWith(feedAnswer(event));
  if (url.pathname.startsWith("/assets/") || ICONS.includes(url.pathname)) return event.respondWith(shellFile(request));
});
