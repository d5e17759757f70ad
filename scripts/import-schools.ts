/**
 * npm run schools:import -- <directory.csv> [options]
 *
 * Loads a public school directory into the schools table of the LOCAL D1
 * database, or writes the SQL for you to apply elsewhere (docs/schools.md).
 * The published layouts are recognised by their columns:
 *
 * - NCES Common Core of Data directory (US public schools, ccd_sch_029_*.csv),
 *   with --geocode EDGE_GEOCODE_PUBLICSCH_*.csv for coordinates;
 * - NCES Private School Universe Survey (US private schools, pss*_pu.csv);
 * - Ontario public school contact information (Canada, Ontario).
 *
 * Any other CSV with a header row is read with --map (defaults: the sample's
 * columns). Rows are upserted by id, so importing a newer directory updates
 * schools in place and children keep their school.
 *
 * Options:
 *   --format ccd|pss|ontario|csv  force a layout instead of recognising it
 *   --geocode file.csv       CCD only: the EDGE geocode file, joined by NCESSCH
 *   --map field=COLUMN,...   csv only: which column holds each field
 *   --country CAN|USA        csv only: country for rows without one (default USA)
 *   --id-prefix text         csv only: prefix for ids made from the source id
 *   --encoding utf8|latin1   the files' encoding (default utf8)
 *   --sql out.sql            write the SQL instead of applying it
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseCsv, schoolRows, schoolsSql, type ColumnMap, type SchoolRow } from "./lib/school-directory";
import { ccdRows, detectFormat, geocodesByNcesId, ontarioRows, pssRows } from "./lib/school-formats";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: "string" },
    geocode: { type: "string" },
    map: { type: "string" },
    country: { type: "string", default: "USA" },
    "id-prefix": { type: "string", default: "" },
    encoding: { type: "string", default: "utf8" },
    sql: { type: "string" },
  },
});

const file = positionals[0];
if (!file) {
  console.error("Usage: npm run schools:import -- <directory.csv> [--format ccd|pss|ontario|csv] [--geocode edge.csv] [--sql out.sql]");
  process.exit(2);
}

const started = performance.now();
const encoding = values.encoding === "latin1" ? "latin1" : "utf8";
const read = (path: string) => parseCsv(readFileSync(path, encoding));
const table = read(file);
const format = values.format ?? detectFormat(table[0] ?? []) ?? "csv";

function rows(): { schools: SchoolRow[]; skipped: number } {
  switch (format) {
    case "ccd":
      return ccdRows(table, values.geocode ? geocodesByNcesId(read(values.geocode)) : undefined);
    case "pss":
      return pssRows(table);
    case "ontario":
      return ontarioRows(table);
    case "csv": {
      const map: ColumnMap = Object.fromEntries(
        (values.map ?? "")
          .split(",")
          .filter(Boolean)
          .map((pair) => pair.split("=").map((part) => part.trim()) as [string, string]),
      );
      return schoolRows(table, { map, country: values.country!, idPrefix: values["id-prefix"]! });
    }
    default:
      console.error(`Unknown --format ${format}: use ccd, pss, ontario or csv.`);
      process.exit(2);
  }
}

const { schools, skipped } = rows();
const located = schools.filter((school) => school.lat !== null).length;
const sql = schoolsSql(schools);
const parsedIn = performance.now() - started;
const summary = `${schools.length} schools (${format}; ${located} with coordinates; ${skipped} rows skipped)`;

if (values.sql) {
  writeFileSync(values.sql, sql);
  console.log(`Wrote ${summary} to ${values.sql} in ${(parsedIn / 1000).toFixed(1)} s.`);
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
  const total = performance.now() - started;
  console.log(`Imported ${summary} into the local database in ${(total / 1000).toFixed(1)} s (reading ${(parsedIn / 1000).toFixed(1)} s).`);
}
