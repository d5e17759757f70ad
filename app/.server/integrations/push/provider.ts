/**
 * Web Push (spec §1 "Reminders come as push notifications (Premium)"): a
 * device's PushSubscription as the browser's PushManager hands it out, and a
 * sender that delivers one notification to it.
 */
import { z } from "zod";

export const PushSubscriptionShape = z.object({
  // Which endpoints Cubby posts to (https, the browsers' push services only) is push-services.ts's rule.
  endpoint: z.url().max(2048),
  keys: z.object({ p256dh: z.string().min(80).max(100), auth: z.string().min(16).max(32) }),
});

export type PushSubscriptionJson = z.infer<typeof PushSubscriptionShape>;

export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap on the notification goes. */
  url: string;
}

/**
 * 'gone': the push service forgot the subscription (404/410); 'refused': the
 * endpoint is not a push service Cubby posts to (push-services.ts), so nothing
 * was sent. Either way the device is removed.
 */
export type PushResult = "sent" | "gone" | "refused";

export interface PushSender {
  send(subscription: PushSubscriptionJson, message: PushMessage): Promise<PushResult>;
}
