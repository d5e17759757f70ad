/**
 * Where a family's rows live (ADR 027): the one place a shard split changes.
 *
 * Family data (children, events, mentions, messages, sources, followed senders,
 * calendar links) is keyed by the family's key (ADR 026). Today every family is
 * in the one D1 database, so the handle for a family's rows is the handle for
 * everything. Past one database, this is where the family's key is looked up
 * in the directory (which shard holds it) and that shard's binding is opened;
 * the directory itself (users, sessions, families, memberships, forwarding
 * addresses) stays where `database(env)` points.
 *
 * Code that reads or writes family tables takes its Db from here, scoped by the
 * same key it filters on, never an id from the request.
 */
import { handle, type Db } from "../db/client";
import type { FamilyRef } from "./membership";

/** The shards this Worker is bound to (`DB_SHARD_1` … `DB_SHARD_n`), by number. */
export function shardNumbers(env: Env): number[] {
  return Object.keys(env)
    .map((name) => /^DB_SHARD_(\d+)$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .toSorted((a, b) => a - b);
}

/** Every database that holds families' rows: what a cron that walks all families reads, one after another. */
export function familyShards(env: Env): { shard: number; db: Db }[] {
  return shardNumbers(env).map((shard) => ({ shard, db: handle(env, "family", shard) }));
}

/** The database that holds the rows of this family: its shard's. */
export function familyDb(env: Env, family: FamilyRef): Db {
  return handle(env, "family", family.shard);
}
