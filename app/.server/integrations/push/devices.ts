/**
 * A parent's devices that receive notifications (spec §3 "Push token record":
 * token, userAgent, platform). The token is the browser's PushSubscription as
 * JSON. A device is known by its userAgent and platform (spec §7
 * /api/push/unsubscribe sends only those), so subscribing again from the same
 * device replaces its old subscription.
 */
import { and, desc, eq, notInArray } from "drizzle-orm";
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

/** The most devices a parent keeps: far above a family's phones, tablets and laptops. */
export const DEVICES_MAX = 10;

/**
 * Subscribes a device. An 11th device replaces the one least recently
 * refreshed (the app refreshes its token every 7 days, spec §9) rather than
 * being refused: a parent with a new phone expects it to work, and the device
 * that has not been heard from longest is the one they no longer use.
 */
export async function subscribeDevice(db: Db, userId: string, token: string, device: DeviceProfile): Promise<void> {
  const now = new Date();
  const newest = db
    .select({ id: pushTokens.id })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId))
    .orderBy(desc(pushTokens.refreshedAt), desc(pushTokens.createdAt))
    .limit(DEVICES_MAX);
  await db.batch([
    db.delete(pushTokens).where(sameDevice(userId, device)),
    db
      .insert(pushTokens)
      .values({ userId, token, ...device, refreshedAt: now })
      .onConflictDoUpdate({ target: [pushTokens.userId, pushTokens.token], set: { ...device, refreshedAt: now } }),
    db.delete(pushTokens).where(and(eq(pushTokens.userId, userId), notInArray(pushTokens.id, newest))),
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
