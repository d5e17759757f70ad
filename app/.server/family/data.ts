/**
 * Where a family's rows live (ADR 027): the family's shard.
 *
 * Family data (children, events, mentions, likes, messages, sources, followed
 * senders, calendar links) is keyed by the family's key (ADR 026) and lives in one
 * shard, `DB_SHARD_<n>`; the directory records which (`families.shard`) and a
 * membership carries it. The directory itself (users, sessions, families,
 * memberships, forwarding addresses, schools) stays where `database(env)` points.
 * Shard 1 is the directory's own database.
 *
 * Code that reads or writes family tables takes its Db from here, for the family
 * whose key it filters on, never an id from the request; the worker tests' guard
 * (`db/handles.ts`) fails a statement made on the wrong handle.
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
