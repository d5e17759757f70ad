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

/** Every database that holds families' rows: what a cron that walks all families reads, one after another. */
export function familyShards(env: Env): Db[] {
  return [handle(env, "family")];
}

/** The database that holds the rows of the family with this key. */
export function familyDb(env: Env, key: string): Db {
  // One database today: every key maps to it. Kept as a function of the key so a split is a change here.
  void key;
  return handle(env, "family");
}
