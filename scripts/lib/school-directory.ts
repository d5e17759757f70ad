/**
 * Turning a public school directory (CSV) into rows of Cubby's schools table:
 * parsing, mapping its columns to our fields, and writing upsert SQL.
 */

export type Field =
  | "id" | "name" | "city" | "stateProv" | "country" | "lat" | "lng" | "gradeLow" | "gradeHigh" | "domain" | "calendarUrl";

export type ColumnMap = Partial<Record<Field, string>>;

/** Column names of the NCES Common Core of Data, plus our own extras. */
export const COLUMNS: Record<Field, string[]> = {
  id: ["NCESSCH", "SCHOOL_ID", "ID"],
  name: ["SCH_NAME", "SCHOOL_NAME", "NAME"],
  city: ["LCITY", "MCITY", "CITY"],
  stateProv: ["LSTATE", "STABR", "STATE", "PROVINCE", "PROV"],
  country: ["COUNTRY"],
  lat: ["LAT", "LATITUDE"],
  lng: ["LON", "LONG", "LNG", "LONGITUDE"],
  gradeLow: ["GSLO", "GRADE_LOW", "LOW_GRADE"],
  gradeHigh: ["GSHI", "GRADE_HIGH", "HIGH_GRADE"],
  domain: ["MAIL_DOMAIN", "DOMAIN"],
  calendarUrl: ["CALENDAR_URL", "ICAL"],
};

export interface SchoolRow {
  id: string;
  name: string;
  city: string;
  stateProv: string;
  country: string;
  lat: number | null;
  lng: number | null;
  gradeLow: number | null;
  gradeHigh: number | null;
  domain: string | null;
  calendarUrl: string | null;
}

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\ufeff/, "");
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = "";
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && input[i + 1] === "\n") i++;
      endRow();
    } else field += c;
  }
  if (field || row.length) endRow();
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
}

/** Directory grade codes (NCES: PK, KG, 01–12) → index in Cubby's grade list. */
export function gradeIndex(code: string | undefined): number | null {
  const value = (code ?? "").trim().toUpperCase();
  if (value === "PS" || value === "PRESCHOOL") return 0;
  if (value === "PK" || value === "JK") return 1;
  if (value === "KG" || value === "K" || value === "SK") return 2;
  const grade = Number(value);
  return Number.isInteger(grade) && grade >= 1 && grade <= 12 ? grade + 2 : null;
}

function number(value: string | undefined): number | null {
  const n = Number((value ?? "").trim());
  return (value ?? "").trim() !== "" && Number.isFinite(n) ? n : null;
}

/** Cheap, stable id for directories without one. */
function slug(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[^\w]+/g, "-").replace(/^-|-$/g, "");
}

export function schoolRows(
  table: string[][],
  options: { map?: ColumnMap; country?: string; idPrefix?: string } = {},
): { schools: SchoolRow[]; skipped: number } {
  const [header = [], ...body] = table;
  const upper = header.map((name) => name.trim().toUpperCase());
  const column = (field: Field) => {
    const wanted = options.map?.[field] ? [options.map[field]!.toUpperCase()] : COLUMNS[field];
    return upper.findIndex((name) => wanted.includes(name));
  };
  const at = Object.fromEntries((Object.keys(COLUMNS) as Field[]).map((f) => [f, column(f)])) as Record<Field, number>;
  const cell = (row: string[], field: Field) => (at[field] >= 0 ? (row[at[field]] ?? "").trim() : "");

  const schools: SchoolRow[] = [];
  let skipped = 0;
  for (const row of body) {
    const name = cell(row, "name");
    if (!name) {
      skipped++;
      continue;
    }
    const city = cell(row, "city");
    const stateProv = cell(row, "stateProv");
    const country = (cell(row, "country") || options.country || "USA").toUpperCase();
    const sourceId = cell(row, "id") || slug(`${country}-${stateProv}-${city}-${name}`);
    schools.push({
      id: `${options.idPrefix ?? ""}${sourceId}`,
      name,
      city,
      stateProv,
      country,
      lat: number(cell(row, "lat")),
      lng: number(cell(row, "lng")),
      gradeLow: gradeIndex(cell(row, "gradeLow")),
      gradeHigh: gradeIndex(cell(row, "gradeHigh")),
      domain: cell(row, "domain").toLowerCase() || null,
      calendarUrl: cell(row, "calendarUrl") || null,
    });
  }
  return { schools, skipped };
}

function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** Rows per INSERT: one statement per school made a 100k-row import crawl; 100 keeps each statement far under D1's size limit. */
const ROWS_PER_STATEMENT = 100;

/** Upserts by id: a newer directory updates a school in place. */
export function schoolsSql(schools: SchoolRow[]): string {
  const columns = "id, name, city, state_prov, country, lat, lng, grade_low, grade_high, domain, calendar_url";
  const statements: string[] = [];
  for (let start = 0; start < schools.length; start += ROWS_PER_STATEMENT) {
    const values = schools.slice(start, start + ROWS_PER_STATEMENT).map(
      (s) =>
        `(${[s.id, s.name, s.city, s.stateProv, s.country, s.lat, s.lng, s.gradeLow, s.gradeHigh, s.domain, s.calendarUrl]
          .map(literal)
          .join(", ")})`,
    );
    statements.push(
      `INSERT INTO schools (${columns}) VALUES ${values.join(",\n")} ON CONFLICT(id) DO UPDATE SET ` +
        "name = excluded.name, city = excluded.city, state_prov = excluded.state_prov, country = excluded.country, " +
        "lat = excluded.lat, lng = excluded.lng, grade_low = excluded.grade_low, grade_high = excluded.grade_high, " +
        "domain = excluded.domain, calendar_url = excluded.calendar_url;",
    );
  }
  return `${statements.join("\n")}\n`;
}
