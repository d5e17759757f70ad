/**
 * npx tsx scripts/fake-ccd.ts <rows> <out-dir>
 *
 * Writes a made-up CCD directory file and its EDGE geocode file in the
 * published layouts (the columns of tests/fixtures/schools), for measuring
 * `npm run schools:import` at the real directory's size (about 100k public
 * schools) without downloading it. Names and places are invented.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [rowsArg = "100000", outDir = "."] = process.argv.slice(2);
const count = Number(rowsArg);
const fixture = (name: string) => readFileSync(join("tests/fixtures/schools", name), "utf8").split(/\r?\n/);
const [ccdHeader, ccdRow] = fixture("ccd_sch_029_2324_w_1a_073124.csv") as [string, string];
const [edgeHeader, edgeRow] = fixture("EDGE_GEOCODE_PUBLICSCH_2324.csv") as [string, string];
const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const words = ["Lincoln", "Washington", "Maple", "Cedar", "Riverside", "Oak", "Hillcrest", "Lakeview", "Franklin", "Jefferson"];
const kinds = [["Elementary", "KG", "05"], ["Middle School", "06", "08"], ["High School", "09", "12"]] as const;

/** The fixture's first row with its id, name, place and grades replaced. */
function ccd(n: number, id: string): string {
  const cells = ccdRow.split(",");
  const header = ccdHeader.split(",");
  const set = (column: string, value: string) => (cells[header.indexOf(column)] = quote(value));
  const [kind, low, high] = kinds[n % kinds.length]!;
  set("NCESSCH", id);
  set("SCH_NAME", `${words[n % words.length]} ${words[Math.floor(n / 10) % words.length]} ${kind} ${n}`);
  set("LCITY", `Town ${n % 5000}`);
  set("GSLO", low);
  set("GSHI", high);
  return cells.join(",");
}

function edge(n: number, id: string): string {
  const cells = edgeRow.split(",");
  const header = edgeHeader.split(",");
  cells[header.indexOf("NCESSCH")] = id;
  cells[header.indexOf("LAT")] = (25 + ((n * 7919) % 2300) / 100).toFixed(4);
  cells[header.indexOf("LON")] = (-124 + ((n * 104729) % 5700) / 100).toFixed(4);
  return cells.join(",");
}

const ids = Array.from({ length: count }, (_, n) => String(900000000000 + n));
writeFileSync(join(outDir, "ccd_sch_029_fake.csv"), [ccdHeader, ...ids.map((id, n) => ccd(n, id))].join("\r\n") + "\r\n");
writeFileSync(join(outDir, "EDGE_GEOCODE_PUBLICSCH_fake.csv"), [edgeHeader, ...ids.map((id, n) => edge(n, id))].join("\r\n") + "\r\n");
console.log(`Wrote ${count} schools to ${outDir}`);
