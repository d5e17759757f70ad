import { Hono } from "hono";
import { z } from "zod";
import { localServicesOpen } from "~/.server/integrations/mode";
import { vapidPublicKey } from "~/.server/integrations/push/choose";
import { deviceToken, readSubscription, subscribeDevice, unsubscribeDevice } from "~/.server/integrations/push/devices";
import { isPushServiceEndpoint, PUSH_SERVICE_REFUSED } from "~/.server/integrations/push/push-services";
import { problem, readJson, requireUser, type Authed } from "./context";

const Device = z.object({ userAgent: z.string().max(512), platform: z.string().max(64) });
const Subscribe = z.object({ tokenMap: Device.extend({ token: z.string().min(1).max(4096) }) });
const Unsubscribe = z.object({ deviceProfile: Device });

/**
 * spec §7 push rows. The browser subscribes with PushManager using the VAPID
 * public key from /api/push/token, then registers the subscription (as JSON)
 * as its token with /api/push/subscribe. On a developer's machine the push
 * service is the local one (pushService 'local', ADR 011): the browser takes
 * its subscription from /api/dev/push/subscription instead.
 */
export const pushApi = new Hono<Authed>()
  .use(requireUser)
  .post("/push/subscribe", async (c) => {
    const parsed = Subscribe.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {tokenMap: {token, userAgent, platform}}."), 400);
    const { token, userAgent, platform } = parsed.data.tokenMap;
    const subscription = readSubscription(token);
    if (!subscription) return c.json(problem("The token must be the browser's push subscription as JSON."), 400);
    if (!isPushServiceEndpoint(subscription.endpoint, { local: localServicesOpen(c.env, c.req.url) })) {
      return c.json(problem(PUSH_SERVICE_REFUSED), 400);
    }
    await subscribeDevice(c.get("db"), c.get("userId"), token, { userAgent, platform });
    return c.json({ ok: true });
  })
  .post("/push/token", async (c) => {
    const parsed = Device.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {userAgent, platform}."), 400);
    const stored = await deviceToken(c.get("db"), c.get("userId"), parsed.data);
    return c.json({
      token: stored?.token ?? null,
      refreshedAt: stored?.refreshedAt ?? null,
      vapidPublicKey: vapidPublicKey(c.env),
      pushService: localServicesOpen(c.env, c.req.url) ? "local" : "browser",
    });
  })
  .post("/push/unsubscribe", async (c) => {
    const parsed = Unsubscribe.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {deviceProfile: {userAgent, platform}}."), 400);
    const removed = await unsubscribeDevice(c.get("db"), c.get("userId"), parsed.data.deviceProfile);
    return c.json({ ok: true, removed });
  });
