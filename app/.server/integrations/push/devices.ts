/**
 * A parent's devices that receive notifications (spec §3 "Push token record":
 * token, userAgent, platform). The token is the browser's PushSubscription as
 * JSON. A device is known by its userAgent and platform (spec §7
 * /api/push/unsubscribe sends only those), so subscribing again from the same
 * device replaces its old subscription.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pushTokens } from "../../db/schema";
import { PushSubscriptionShape, type PushSubscriptionJson } from "./provider";

export interface DeviceProfile {
  userAgent: string;
  platform: string;
}

export function readSubscription(token: string): PushSubscriptionJson | null {
  try {
    const parsed = PushSubscriptionShape.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sameDevice(userId: string, device: DeviceProfile) {
  return and(
    eq(pushTokens.userId, userId),
    eq(pushTokens.userAgent, device.userAgent),
    eq(pushTokens.platform, device.platform),
  );
}

export async function subscribeDevice(db: Db, userId: string, token: string, device: DeviceProfile): Promise<void> {
  const now = new Date();
  await db.batch([
    db.delete(pushTokens).where(sameDevice(userId, device)),
    db
      .insert(pushTokens)
      .values({ userId, token, ...device, refreshedAt: now })
      .onConflictDoUpdate({ target: [pushTokens.userId, pushTokens.token], set: { ...device, refreshedAt: now } }),
  ]);
}

export async function deviceToken(db: Db, userId: string, device: DeviceProfile) {
  const row = await db.query.pushTokens.findFirst({ where: sameDevice(userId, device) });
  return row ? { token: row.token, refreshedAt: row.refreshedAt.toISOString() } : null;
}

export async function unsubscribeDevice(db: Db, userId: string, device: DeviceProfile): Promise<number> {
  const removed = await db.delete(pushTokens).where(sameDevice(userId, device)).returning({ id: pushTokens.id });
  return removed.length;
}

export async function devicesOf(db: Db, userId: string) {
  return db.query.pushTokens.findMany({ where: eq(pushTokens.userId, userId) });
}

export async function forgetDevice(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.id, id)));
}
