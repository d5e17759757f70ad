/**
 * The local PushSender and the local push service behind it. It records what
 * would have been pushed, per endpoint, in the isolate, and holds each message
 * until the device collects it, as a browser's push service holds messages
 * until the phone connects. An endpoint the fake was told is gone answers like
 * a push service that forgot the subscription (410).
 *
 * In development the browser subscribes here instead of with its vendor's
 * push service (local-push-service.ts); the local push service's page collects
 * the messages and hands them to the service worker (docs/integrations.md).
 */
import type { PushMessage, PushSender } from "./provider";
import { isPushServiceEndpoint } from "./push-services";

export const fakePush = {
  sent: [] as { endpoint: string; message: PushMessage }[],
  gone: new Set<string>(),
  /** How many of each endpoint's messages its device has collected. */
  collected: new Map<string, number>(),
  to(endpoint: string) {
    return this.sent.filter((s) => s.endpoint === endpoint).map((s) => s.message);
  },
  /** The endpoint's messages its device has not collected yet; each is handed out once. */
  collect(endpoint: string): PushMessage[] {
    const all = this.to(endpoint);
    const from = this.collected.get(endpoint) ?? 0;
    this.collected.set(endpoint, all.length);
    return all.slice(from);
  },
};

export const fakePushSender: PushSender = {
  async send(subscription, message) {
    // The same rule as the real sender, with the local push service allowed: the fake runs only where it is.
    if (!isPushServiceEndpoint(subscription.endpoint, { local: true })) return "refused";
    if (fakePush.gone.has(subscription.endpoint)) return "gone";
    fakePush.sent.push({ endpoint: subscription.endpoint, message });
    return "sent";
  },
};
