/**
 * npm run schools:import -- <directory.csv> [options]
 *
 * Loads a public school directory (a CSV with a header row, such as the NCES
 * Common Core of Data for the US or a provincial directory for Canada) into the
 * schools table of the LOCAL D1 database, or writes the SQL for you to apply
 * elsewhere. Rows are upserted by id, so importing a newer directory updates
 * schools in place and children keep their school.
 *
 * Options:
 *   --map field=COLUMN,...   which column holds each field (defaults: see COLUMNS)
 *   --country CAN|USA        country for rows without a country column (default USA)
 *   --id-prefix text         prefix for ids made from the source id (default none)
 *   --sql out.sql            write the SQL instead of applying it
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseCsv, schoolRows, schoolsSql, type ColumnMap } from "./lib/school-directory";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    map: { type: "string" },
    country: { type: "string", default: "USA" },
    "id-prefix": { type: "string", default: "" },
    sql: { type: "string" },
  },
});

const file = positionals[0];
if (!file) {
  console.error("Usage: npm run schools:import -- <directory.csv> [--map field=COLUMN,...] [--country CAN] [--sql out.sql]");
  process.exit(2);
}

const map: ColumnMap = Object.fromEntries(
  (values.map ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=").map((part) => part.trim()) as [string, string]),
);

const table = parseCsv(readFileSync(file, "utf8"));
const { schools, skipped } = schoolRows(table, { map, country: values.country!, idPrefix: values["id-prefix"]! });
const sql = schoolsSql(schools);

if (values.sql) {
  writeFileSync(values.sql, sql);
  console.log(`Wrote ${schools.length} schools to ${values.sql} (${skipped} rows skipped).`);
} else {
  const dir = mkdtempSync(join(tmpdir(), "cubby-schools-"));
  const out = join(dir, "schools.sql");
  writeFileSync(out, sql);
  try {
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", out], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`Imported ${schools.length} schools into the local database (${skipped} rows skipped).`);
}
