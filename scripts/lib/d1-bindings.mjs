/**
 * The D1 bindings to migrate: the directory (DB) and every family shard (DB_SHARD_<n>),
 * one per database (DB_SHARD_1 is the directory's own database), as wrangler reads
 * wrangler.toml for local development or for an environment (ADR 027).
 */
import { fileURLToPath } from "node:url";
import { unstable_readConfig } from "wrangler";

const configPath = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

/** @typedef {{ binding: string; database_id?: string }} D1Entry */

/** @param {string | undefined} environment @returns {D1Entry[]} */
function databases(environment) {
  const config = /** @type {{ d1_databases: D1Entry[] }} */ (unstable_readConfig({ config: configPath, env: environment }, { hideWarnings: true }));
  return config.d1_databases;
}

/** @param {string | undefined} environment @returns {string[]} */
export function d1Bindings(environment) {
  const seen = new Set();
  return databases(environment)
    .filter((database) => {
      if (seen.has(database.database_id)) return false;
      seen.add(database.database_id);
      return true;
    })
    .map((database) => database.binding);
}

/** The shard numbers bound, highest last. @param {string | undefined} environment @returns {number[]} */
export function shardNumbers(environment) {
  return databases(environment)
    .map((database) => /^DB_SHARD_(\d+)$/.exec(database.binding)?.[1])
    .filter((n) => n !== undefined)
    .map(Number)
    .toSorted((a, b) => a - b);
}
