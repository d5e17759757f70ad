/**
 * Moving a family's rows to another shard (ADR 027): every row is copied to the new shard,
 * the directory then names it, and only then are the old rows deleted. A move cut short
 * leaves the family whole on its old shard (the copies are written again by the next try),
 * or whole on the new one with leftovers on the old, which the next try deletes.
 *
 * Mail stays where it is: R2 keys name messages, not shards (ADR 035). A message or job
 * arriving during the move may be written to the old shard and lost with it, so a move is
 * an operator's step for a quiet hour (`npm run shard:move`), not something the app does
 * while a parent is reading, except for a parent bringing their rows into a family on
 * another shard, which moves them before the invitation is accepted.
 */
import { eq } from "drizzle-orm";
import { database, shardBinding } from "../db/client";
import { families } from "../db/schema";
import type { FamilyRef } from "./membership";
import { familyDb } from "./data";
import { unpackFamilies } from "../past-months";

/** Family tables, parents before the rows that reference them. */
const TABLES = ["children", "watchlist", "sender_addresses", "calendar_links", "url_sources", "messages", "attachments", "pdf_chunks", "events"] as const;

/** Statements per D1 batch. */
const BATCH = 50;

export interface MoveReport {
  from: number;
  to: number;
  rows: Record<string, number>;
}

async function inBatches(target: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  for (let i = 0; i < statements.length; i += BATCH) await target.batch(statements.slice(i, i + BATCH));
}

/** Copies, re-points and deletes; the family's shard number after it is `to`. */
export async function moveFamily(env: Env, family: FamilyRef, to: number): Promise<MoveReport> {
  const report: MoveReport = { from: family.shard, to, rows: {} };
  if (family.shard === to) return report;
  const source = shardBinding(env, family.shard);
  const target = shardBinding(env, to);
  // Packed months go back in `events` first: the likes below are found through the event rows.
  await unpackFamilies(familyDb(env, family), family.key);

  for (const table of TABLES) {
    const { results } = await source.prepare(`SELECT * FROM ${table} WHERE user_id = ?`).bind(family.key).all<Record<string, unknown>>();
    report.rows[table] = results.length;
    await inBatches(target, results.map((row) => insertRow(target, table, row)));
  }
  // A like is a parent's, keyed by their own id: it goes with the family's events.
  const { results: likes } = await source
    .prepare("SELECT likes.* FROM likes JOIN events ON events.id = likes.event_id WHERE events.user_id = ?")
    .bind(family.key)
    .all<Record<string, unknown>>();
  report.rows.likes = likes.length;
  await inBatches(target, likes.map((row) => insertRow(target, "likes", row)));

  await database(env).update(families).set({ shard: to }).where(eq(families.ownerId, family.key));

  // Children of the family's rows go with them (likes with events, attachments with messages).
  await inBatches(
    source,
    TABLES.toReversed().map((table) => source.prepare(`DELETE FROM ${table} WHERE user_id = ?`).bind(family.key)),
  );
  return report;
}

function insertRow(target: D1Database, table: string, row: Record<string, unknown>): D1PreparedStatement {
  const columns = Object.keys(row);
  const names = columns.map((c) => `"${c}"`).join(", ");
  const marks = columns.map(() => "?").join(", ");
  // A second try writes the same rows again.
  return target.prepare(`INSERT OR REPLACE INTO ${table} (${names}) VALUES (${marks})`).bind(...columns.map((c) => row[c] ?? null));
}
