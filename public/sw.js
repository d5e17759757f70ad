/**
 * Cubby's service worker: it shows reminder pushes and opens the app when one
 * is tapped. Nothing else: no fetch handler, no offline cache, so every page
 * and API answer comes from the network exactly as without it.
 *
 * A push carries JSON {title, body, url} (app/.server/integrations/push/
 * provider.ts PushMessage). In local development (INTEGRATIONS=fake) there is
 * no browser push service: the local push service's page hands the same JSON
 * to this worker in a message {type: "cubby:push", message}, and it is shown
 * by the same code (docs/integrations.md "Web Push").
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
