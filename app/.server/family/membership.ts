/**
 * Which family a parent belongs to (ADR 026). Every parent is in exactly one:
 * alone until they accept an invitation, and alone again after they leave or
 * are removed. The family's rows are keyed by its owner's user id, so `key`
 * is what every family-data query is scoped by — always read here, from the
 * signed-in parent's membership, never taken from a request.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { families, familyMembers, ownAddresses, shards, users } from "../db/schema";

/** A family's rows: the key they are kept under, and the shard that holds them (ADR 027). */
export interface FamilyRef {
  /** The owner's user id: the `user_id` of every row the family holds. */
  key: string;
  shard: number;
}

export interface Membership extends FamilyRef {
  familyId: string;
  role: "owner" | "partner";
}

/** Whose family, and which of its parents is looking: what family-data queries are scoped by. */
export interface FamilyScope {
  /** The family's key (its owner's user id). */
  key: string;
  /** The signed-in parent, for what stays their own (likes, devices). */
  userId: string;
}

async function readMembership(db: Db, userId: string): Promise<Membership | null> {
  const row = await db
    .select({ familyId: families.id, ownerId: families.ownerId, shard: families.shard })
    .from(familyMembers)
    .innerJoin(families, eq(familyMembers.familyId, families.id))
    .where(eq(familyMembers.userId, userId))
    .get();
  return row ? { familyId: row.familyId, key: row.ownerId, shard: row.shard, role: row.ownerId === userId ? "owner" : "partner" } : null;
}

/**
 * The parent's family, starting a one-person family when they have none (a
 * new account, or one just removed from a family): whatever is in the tables
 * under their own id is then theirs again.
 */
export async function membershipOf(db: Db, userId: string): Promise<Membership> {
  const found = await readMembership(db, userId);
  if (found) return found;
  // Two first requests may race: the owner's unique index keeps one family, and
  // the member row is taken from whichever family won.
  await db.batch([
    // A new family goes to the newest shard the directory has opened.
    db
      .insert(families)
      .values({ ownerId: userId, shard: sql`(SELECT coalesce(max(${shards.number}), 1) FROM ${shards})` })
      .onConflictDoNothing(),
    db
      .insert(familyMembers)
      .select(
        db
          .select({ userId: sql<string>`${userId}`.as("user_id"), familyId: families.id, joinedAt: sql<Date>`${Date.now()}`.as("created_at") })
          .from(families)
          .where(eq(families.ownerId, userId)),
      )
      .onConflictDoNothing(),
  ]);
  const started = await readMembership(db, userId);
  if (!started) throw new Error("Could not start a family");
  return started;
}

/** The family whose key this is, with its shard (for a queue job or a cron that knows only the key). */
export async function familyOfKey(db: Db, key: string): Promise<FamilyRef> {
  const row = await db.select({ shard: families.shard }).from(families).where(eq(families.ownerId, key)).get();
  return { key, shard: row?.shard ?? 1 };
}

/** The family key of a parent (for mail arriving at their address, jobs, crons). */
export async function familyKeyOf(db: Db, userId: string): Promise<string> {
  return (await membershipOf(db, userId)).key;
}

/** The user ids of a family's parents, owner first. */
export async function membersOf(db: Db, familyId: string): Promise<{ userId: string; joinedAt: Date }[]> {
  return db
    .select({ userId: familyMembers.userId, joinedAt: familyMembers.joinedAt })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(familyMembers.joinedAt);
}

/** The user ids of the parents of the family with this key. */
export async function familyMemberIds(db: Db, key: string): Promise<string[]> {
  const rows = await db
    .select({ userId: familyMembers.userId })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(families.ownerId, key));
  return rows.map((r) => r.userId);
}

/** The e-mail addresses of a family's parents: their forwards are the family's own mail. */
export async function familyAddresses(db: Db, key: string): Promise<string[]> {
  const family = await db.query.families.findFirst({ where: eq(families.ownerId, key), columns: { id: true } });
  if (!family) return [];
  const rows = await db
    .select({ email: users.email })
    .from(familyMembers)
    .innerJoin(users, eq(familyMembers.userId, users.id))
    .where(eq(familyMembers.familyId, family.id));
  return rows.map((r) => r.email);
}


/** The other mailboxes a family's parents said are theirs (own_addresses): their forwards are the family's too. */
export async function familyOwnAddresses(db: Db, key: string): Promise<string[]> {
  const parents = [key, ...(await familyMemberIds(db, key))];
  const rows = await db.select({ address: ownAddresses.address }).from(ownAddresses).where(inArray(ownAddresses.userId, parents));
  return rows.map((r) => r.address);
}
