/** The migrations folder, for tests that run migrations on a database holding rows. */
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

const folder = new URL("../../../migrations/", import.meta.url);

/** Every migration's file name, in the order they apply. */
export const migrationFiles = readdirSync(folder)
  .filter((name) => name.endsWith(".sql"))
  .toSorted();

export function applyMigration(db: DatabaseSync, name: string): void {
  db.exec(readFileSync(new URL(name, folder), "utf8").replaceAll("--> statement-breakpoint", ""));
}

/** A new in-memory database, foreign keys on, with every migration before `number` ("0021") applied. */
export function migratedUpTo(number: string): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const name of migrationFiles.filter((n) => n < number)) applyMigration(db, name);
  return db;
}

/** One family's events, each named by its id and given its mention list as the row stores it. */
export function insertMentionLists(db: DatabaseSync, lists: Record<string, string>): void {
  const insert = db.prepare(
    "INSERT INTO events (id, user_id, event_name, start, date_time, fingerprint, mention_list, created_at) VALUES (?, 'family', 'Picture Day', '2026-12-04', 0, ?, ?, 0)",
  );
  for (const [id, list] of Object.entries(lists)) insert.run(id, id, list);
}
