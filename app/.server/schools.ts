/**
 * Searching the public school directory (spec §7 `POST /api/schools/search`):
 * by name, or by grade near the parent. Results are ranked by how well the
 * name matches, then by distance from the parent when their location is known.
 * The directory is shared reference data; a school a parent added themselves
 * ("My school isn't listed") is theirs, so searches take the parent's id and
 * find the directory plus that parent's own schools, never another parent's.
 */
import { and, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { GRADES } from "~/lib/child";
import { SCHOOL_SEARCH_MIN } from "~/lib/school";
import type { Db } from "./db/client";
import { schools } from "./db/schema";

const Location = z
  .string()
  .max(40, "location is 'lat,lng'.")
  .regex(/^-?\d{1,3}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, "location is 'lat,lng'.")
  .transform((value) => {
    const [lat, lng] = value.split(",").map(Number) as [number, number];
    return { lat, lng };
  })
  .refine(({ lat, lng }) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, "location is out of range.");

const ByName = z
  .object({
    q: z.string().trim().min(1, "Please enter a school name").min(SCHOOL_SEARCH_MIN, "School name is too short").max(100),
    location: Location.optional(),
    country: z.string().max(3).optional(),
  })
  .strict();

const ByGrade = z
  .object({
    grade: z.enum(GRADES, "Please choose a grade from the list."),
    location: Location.optional(),
    country: z.string().max(3).optional(),
  })
  .strict();

export type SchoolSearch = z.infer<typeof ByName> | z.infer<typeof ByGrade>;

/** spec §7's two shapes, told apart by their key so each error speaks to its own shape. */
export function parseSchoolSearch(body: unknown) {
  const keys = body && typeof body === "object" ? Object.keys(body) : [];
  if (keys.includes("q") || !keys.includes("grade")) return ByName.safeParse(body);
  return ByGrade.safeParse(body);
}

export interface SchoolResult {
  _id: string;
  name: string;
  city: string;
  stateProv: string;
}

const RESULTS = 20;
// Enough candidates that the nearest good matches survive ranking.
const CANDIDATES = 200;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** 0 = the name starts with the query, 1 = a word does, 2 = it appears somewhere. */
export function nameRank(name: string, q: string): number {
  const lower = name.toLowerCase();
  const query = q.toLowerCase();
  if (lower.startsWith(query)) return 0;
  if (lower.split(/[\s\-'.]+/).some((word) => word.startsWith(query))) return 1;
  return 2;
}

/** LIKE with the query's own % and _ taken literally. */
function contains(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Squared distance in degrees, longitude shrunk by the latitude: cheap enough
 * for SQL to order candidates nearest first (exact km ranking follows in JS).
 * Schools without coordinates come last.
 */
function roughDistance(here: { lat: number; lng: number }): SQL {
  const shrink = Math.cos((here.lat * Math.PI) / 180) ** 2;
  return sql`case when ${schools.lat} is null or ${schools.lng} is null then 1e9 else
    (${schools.lat} - ${here.lat}) * (${schools.lat} - ${here.lat}) +
    (${schools.lng} - ${here.lng}) * (${schools.lng} - ${here.lng}) * ${shrink} end`;
}

/** The directory's schools and this parent's own. */
export function visibleTo(userId: string): SQL {
  return or(isNull(schools.ownerId), eq(schools.ownerId, userId))!;
}

export async function searchSchools(db: Db, userId: string, search: SchoolSearch): Promise<SchoolResult[]> {
  const filters: SQL[] = [visibleTo(userId)];
  // spec §7: only 'CAN' narrows the search; anything else searches everywhere.
  if (search.country === "CAN") filters.push(eq(schools.country, "CAN"));
  if ("q" in search) {
    filters.push(sql`lower(${schools.name}) like ${contains(search.q)} escape '\\'`);
  } else {
    const index = GRADES.indexOf(search.grade);
    filters.push(
      or(sql`${schools.gradeLow} is null`, lte(schools.gradeLow, index))!,
      or(sql`${schools.gradeHigh} is null`, gte(schools.gradeHigh, index))!,
    );
  }
  const here = search.location;
  // Nearby: with a location, the candidates are the nearest ones, not the first the table holds.
  const rows = await db
    .select()
    .from(schools)
    .where(and(...filters))
    .orderBy(here ? roughDistance(here) : schools.name)
    .limit(CANDIDATES);
  const far = Number.POSITIVE_INFINITY;
  const ranked = rows.map((row) => ({
    row,
    rank: "q" in search ? nameRank(row.name, search.q) : 0,
    distance: here && row.lat != null && row.lng != null ? distanceKm(here, { lat: row.lat, lng: row.lng }) : far,
  }));
  ranked.sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.row.name.localeCompare(b.row.name));
  return ranked.slice(0, RESULTS).map(({ row }) => ({
    _id: row.id,
    name: row.name,
    city: row.city,
    stateProv: row.stateProv,
  }));
}


export const OwnSchoolBody = z
  .object({
    name: z.string().trim().min(1, "Please enter a school name").min(SCHOOL_SEARCH_MIN, "School name is too short").max(100, "A school name has at most 100 characters."),
    city: z.string().trim().max(60).optional(),
    calendarUrl: z.string().max(4096, "That calendar link is too long.").optional(),
  })
  .strict();

/** Own schools a parent may add: far above any family, a guard against scripted abuse. */
export const OWN_SCHOOLS_MAX = 20;

/**
 * "My school isn't listed": the school as the parent named it, theirs alone.
 * The same name again gives back the school they already added.
 */
export async function addOwnSchool(
  db: Db,
  userId: string,
  body: { name: string; city?: string },
): Promise<{ ok: true; school: SchoolResult } | { ok: false; message: string }> {
  const mine = await db.select().from(schools).where(eq(schools.ownerId, userId));
  const same = mine.find((school) => school.name.toLowerCase() === body.name.toLowerCase() && school.city === (body.city ?? ""));
  if (!same && mine.length >= OWN_SCHOOLS_MAX) return { ok: false, message: `You can add up to ${OWN_SCHOOLS_MAX} schools.` };
  const row =
    same ??
    (await db
      .insert(schools)
      .values({ name: body.name, city: body.city ?? "", stateProv: "", country: "", ownerId: userId })
      .returning())[0]!;
  return { ok: true, school: { _id: row.id, name: row.name, city: row.city, stateProv: row.stateProv } };
}
