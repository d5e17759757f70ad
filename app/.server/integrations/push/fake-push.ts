/**
 * The local PushSender: records what would have been pushed, per endpoint, in
 * the isolate. An endpoint the fake was told is gone answers like a push
 * service that forgot the subscription (410).
 */
import type { PushMessage, PushSender } from "./provider";

export const fakePush = {
  sent: [] as { endpoint: string; message: PushMessage }[],
  gone: new Set<string>(),
  to(endpoint: string) {
    return this.sent.filter((s) => s.endpoint === endpoint).map((s) => s.message);
  },
};

export const fakePushSender: PushSender = {
  async send(subscription, message) {
    if (fakePush.gone.has(subscription.endpoint)) return "gone";
    fakePush.sent.push({ endpoint: subscription.endpoint, message });
    return "sent";
  },
};
