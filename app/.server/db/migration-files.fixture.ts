/** The migrations folder, for tests that run migrations on a database holding rows. */
import { readdirSync, readFileSync } from "node:fs";
import type { DatabaseSync } from "node:sqlite";

const folder = new URL("../../../migrations/", import.meta.url);

/** Every migration's file name, in the order they apply. */
export const migrationFiles = readdirSync(folder)
  .filter((name) => name.endsWith(".sql"))
  .toSorted();

export function applyMigration(db: DatabaseSync, name: string): void {
  db.exec(readFileSync(new URL(name, folder), "utf8").replaceAll("--> statement-breakpoint", ""));
}
