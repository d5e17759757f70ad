/**
 * The open school directories in the layouts their publishers release them
 * in (docs/schools.md says where to download each):
 *
 * - `ccd`: the US public schools, NCES Common Core of Data "Directory" file
 *   (ccd_sch_029_*.csv), with coordinates from the NCES EDGE public school
 *   geocode file (EDGE_GEOCODE_PUBLICSCH_*.csv) joined by NCESSCH.
 * - `pss`: the US private schools, NCES Private School Universe Survey
 *   public-use file (pss*_pu.csv).
 * - `ontario`: Ontario's "Ontario public school contact information" CSV.
 *
 * Columns are found by name (case and spacing aside), never by position, so a
 * year that adds or reorders columns still reads. Closed schools are left out.
 */
import { gradeIndex, type SchoolRow } from "./school-directory";

export type DirectoryFormat = "ccd" | "pss" | "ontario";

/** A header-indexed view of a CSV table. */
export class Columns {
  private readonly at = new Map<string, number>();

  constructor(header: string[]) {
    header.forEach((name, index) => this.at.set(Columns.key(name), index));
  }

  static key(name: string): string {
    return name.trim().toUpperCase().replace(/[\s_]+/g, "_");
  }

  has(name: string): boolean {
    return this.at.has(Columns.key(name));
  }

  /** The first of `names` the file has (a pattern matches year-suffixed names: LATITUDE22, LOGR2022). */
  find(...names: (string | RegExp)[]): number {
    for (const name of names) {
      if (typeof name === "string") {
        const index = this.at.get(Columns.key(name));
        if (index !== undefined) return index;
      } else {
        for (const [key, index] of this.at) if (name.test(key)) return index;
      }
    }
    return -1;
  }
}

const cell = (row: string[], index: number) => (index >= 0 ? (row[index] ?? "").trim() : "");

function coordinate(value: string, limit: number): number | null {
  const n = Number(value);
  return value !== "" && Number.isFinite(n) && Math.abs(n) <= limit && n !== 0 ? n : null;
}

/** A school website's host without "www.": the domain its mail most likely comes from. */
export function websiteDomain(website: string): string | null {
  const text = website.trim();
  if (!text || /^(-?\d|m|n|†)$/i.test(text)) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    const host = url.hostname.toLowerCase().replace(/^www\d?\./, "");
    return host.includes(".") ? host : null;
  } catch {
    return null;
  }
}

/** Which format a header row is, or null for a plain CSV (the --map columns). */
export function detectFormat(header: string[]): DirectoryFormat | null {
  const columns = new Columns(header);
  // The sample's own columns borrow CCD's names; the published file also names the school year and district.
  if (columns.has("NCESSCH") && columns.has("SCH_NAME") && columns.has("LEA_NAME")) return "ccd";
  if (columns.has("PINST") && columns.has("PSTABB")) return "pss";
  if (columns.has("School Number") && columns.has("Board Name")) return "ontario";
  return null;
}

// --- US public schools (CCD) ---

/** CCD SY_STATUS: 2 closed, 6 inactive, 7 future (not open yet). */
const CCD_NOT_OPEN = new Set(["2", "6", "7"]);

/** CCD LEVEL, for schools that report no grade span: Cubby's grade indices. */
const CCD_LEVEL_GRADES: Record<string, [number, number]> = {
  ELEMENTARY: [1, 7], // PK–5
  PRIMARY: [1, 7],
  MIDDLE: [8, 10], // 6–8
  HIGH: [11, 14], // 9–12
  SECONDARY: [8, 14],
};

/** EDGE geocodes by NCESSCH. */
export function geocodesByNcesId(table: string[][]): Map<string, { lat: number; lng: number }> {
  const [header = [], ...body] = table;
  const columns = new Columns(header);
  const id = columns.find("NCESSCH");
  const lat = columns.find("LAT", "LATCODE", "LATITUDE");
  const lng = columns.find("LON", "LONCODE", "LONGITUDE");
  const places = new Map<string, { lat: number; lng: number }>();
  for (const row of body) {
    const at = { lat: coordinate(cell(row, lat), 90), lng: coordinate(cell(row, lng), 180) };
    if (at.lat !== null && at.lng !== null) places.set(cell(row, id), at as { lat: number; lng: number });
  }
  return places;
}

export function ccdRows(table: string[][], geocodes = new Map<string, { lat: number; lng: number }>()): { schools: SchoolRow[]; skipped: number } {
  const [header = [], ...body] = table;
  const c = new Columns(header);
  const at = {
    id: c.find("NCESSCH"),
    name: c.find("SCH_NAME"),
    city: c.find("LCITY", "MCITY"),
    state: c.find("LSTATE", "ST", "MSTATE"),
    status: c.find("SY_STATUS", "UPDATED_STATUS"),
    low: c.find("GSLO"),
    high: c.find("GSHI"),
    level: c.find("LEVEL"),
    website: c.find("WEBSITE"),
    lat: c.find("LAT", "LATCODE"),
    lng: c.find("LON", "LONCODE"),
  };
  const schools: SchoolRow[] = [];
  let skipped = 0;
  for (const row of body) {
    const id = cell(row, at.id);
    const name = cell(row, at.name);
    if (!id || !name || CCD_NOT_OPEN.has(cell(row, at.status))) {
      skipped++;
      continue;
    }
    const level = CCD_LEVEL_GRADES[cell(row, at.level).toUpperCase()];
    const place = geocodes.get(id);
    schools.push({
      id: `us-${id}`,
      name,
      city: cell(row, at.city),
      stateProv: cell(row, at.state),
      country: "USA",
      lat: place?.lat ?? coordinate(cell(row, at.lat), 90),
      lng: place?.lng ?? coordinate(cell(row, at.lng), 180),
      gradeLow: gradeIndex(cell(row, at.low)) ?? level?.[0] ?? null,
      gradeHigh: gradeIndex(cell(row, at.high)) ?? level?.[1] ?? null,
      domain: websiteDomain(cell(row, at.website)),
      calendarUrl: null,
    });
  }
  return { schools, skipped };
}

// --- US private schools (PSS) ---

/**
 * PSS LOGR/HIGR codes (the public-use codebook): 1 ungraded, 2 prekindergarten,
 * 3 kindergarten, 4 transitional kindergarten, 5 transitional first grade,
 * 6–17 grades 1–12. Cubby's indices: 1 PK, 2 K, 3–14 grades 1–12.
 */
export function pssGrade(code: string): number | null {
  const n = Number(code.trim());
  if (!Number.isInteger(n)) return null;
  if (n === 2) return 1;
  if (n === 3 || n === 4) return 2;
  if (n === 5) return 3;
  if (n >= 6 && n <= 17) return n - 3;
  return null;
}

export function pssRows(table: string[][]): { schools: SchoolRow[]; skipped: number } {
  const [header = [], ...body] = table;
  const c = new Columns(header);
  const at = {
    id: c.find("PPIN"),
    name: c.find("PINST"),
    city: c.find("PCITY"),
    state: c.find("PSTABB"),
    lat: c.find("LATITUDE", /^LATITUDE\d+$/),
    lng: c.find("LONGITUDE", /^LONGITUDE\d+$/),
    low: c.find("LOGR", /^LOGR\d+$/),
    high: c.find("HIGR", /^HIGR\d+$/),
  };
  const schools: SchoolRow[] = [];
  let skipped = 0;
  for (const row of body) {
    const id = cell(row, at.id);
    const name = cell(row, at.name);
    if (!id || !name) {
      skipped++;
      continue;
    }
    schools.push({
      id: `us-pss-${id}`,
      name,
      city: cell(row, at.city),
      stateProv: cell(row, at.state),
      country: "USA",
      lat: coordinate(cell(row, at.lat), 90),
      lng: coordinate(cell(row, at.lng), 180),
      gradeLow: pssGrade(cell(row, at.low)),
      gradeHigh: pssGrade(cell(row, at.high)),
      domain: null,
      calendarUrl: null,
    });
  }
  return { schools, skipped };
}

// --- Ontario ---

/** Ontario's "Grade Range" ("JK-8", "K-6", "9-12", "SK - 12"): Cubby's grade indices. */
export function ontarioGrades(range: string): [number | null, number | null] {
  const parts = range.toUpperCase().split(/\s*[-–]\s*/).filter(Boolean);
  if (parts.length === 0) return [null, null];
  return [gradeIndex(parts[0]), gradeIndex(parts[parts.length - 1])];
}

export function ontarioRows(table: string[][]): { schools: SchoolRow[]; skipped: number } {
  const [header = [], ...body] = table;
  const c = new Columns(header);
  const at = {
    number: c.find("School Number"),
    name: c.find("School Name"),
    city: c.find("City"),
    province: c.find("Province"),
    grades: c.find("Grade Range"),
    level: c.find("School Level"),
    website: c.find("School Website"),
    lat: c.find("Latitude"),
    lng: c.find("Longitude"),
  };
  const schools: SchoolRow[] = [];
  let skipped = 0;
  for (const row of body) {
    const number = cell(row, at.number);
    const name = cell(row, at.name);
    if (!number || !name) {
      skipped++;
      continue;
    }
    let [low, high] = ontarioGrades(cell(row, at.grades));
    const level = cell(row, at.level).toLowerCase();
    // No grade range: the level says enough (elementary JK–8, secondary 9–12).
    if (low === null && high === null && level) [low, high] = level.startsWith("sec") ? [11, 14] : level.startsWith("elem") ? [1, 10] : [null, null];
    schools.push({
      id: `ca-on-${number}`,
      name,
      city: cell(row, at.city),
      stateProv: cell(row, at.province).toUpperCase() === "ONTARIO" || !cell(row, at.province) ? "ON" : cell(row, at.province),
      country: "CAN",
      lat: coordinate(cell(row, at.lat), 90),
      lng: coordinate(cell(row, at.lng), 180),
      gradeLow: low,
      gradeHigh: high,
      domain: websiteDomain(cell(row, at.website)),
      calendarUrl: null,
    });
  }
  return { schools, skipped };
}
