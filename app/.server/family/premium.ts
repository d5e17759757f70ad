/**
 * A family is Premium when its owner is (ADR 026): the partner shares the
 * owner's subscription. What the crons and Premium features ask.
 */
import { eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isPremium, PREMIUM_STATUSES } from "~/lib/subscription";
import type { Db } from "../db/client";
import { families, familyMembers, pushTokens, users } from "../db/schema";
import { membershipOf } from "./membership";

const owners = alias(users, "owners");

/** Parents of Premium families (each with their family's key), optionally only those with a device. */
export async function premiumParents(db: Db, options: { withDevices?: boolean } = {}) {
  const base = db
    .selectDistinct({
      id: users.id,
      timezone: users.timezone,
      preferences: users.preferences,
      sentOn: users.weeklyPreviewSentOn,
      key: families.ownerId,
      shard: families.shard,
      status: owners.subscriptionStatus,
    })
    .from(users)
    .innerJoin(familyMembers, eq(familyMembers.userId, users.id))
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .innerJoin(owners, eq(owners.id, families.ownerId));
  const rows = await (options.withDevices ? base.innerJoin(pushTokens, eq(pushTokens.userId, users.id)) : base).where(
    inArray(owners.subscriptionStatus, [...PREMIUM_STATUSES]),
  );
  return rows.filter((row) => isPremium(row.status));
}

/** Whether the parent's family is Premium. */
export async function familyIsPremium(db: Db, userId: string): Promise<boolean> {
  const { key } = await membershipOf(db, userId);
  const owner = await db.query.users.findFirst({ where: eq(users.id, key), columns: { subscriptionStatus: true } });
  return isPremium(owner?.subscriptionStatus);
}
