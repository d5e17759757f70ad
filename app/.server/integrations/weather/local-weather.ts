/**
 * The parent's local weather (spec §7 /api/weather/current and /forecast):
 * where they are (their last shared location, else their first child's
 * school), and the place's weather from the cache or the provider. Nearby
 * parents share one cached answer: coordinates are rounded to 0.1° (about
 * 10 km), which also keeps exact locations out of the cache.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { children, users, weatherCache } from "../../db/schema";
import { schoolsByIds } from "../../children";
import { config } from "../../env";
import { integrationMode } from "../mode";
import { fakeOpenMeteoTransport } from "./fake-open-meteo";
import { OPEN_METEO_URL, openMeteoOverHttp, openMeteoWeather } from "./open-meteo";
import type { Place, PlaceWeather, WeatherProvider } from "./provider";

/** Forecast models update hourly; half an hour keeps the feed fresh and the service spared. */
export const WEATHER_TTL_MS = 30 * 60_000;

export function chooseWeather(env: Env): WeatherProvider {
  if (integrationMode(env) === "fake") return openMeteoWeather(OPEN_METEO_URL, fakeOpenMeteoTransport);
  return openMeteoWeather(config(env).WEATHER_URL ?? OPEN_METEO_URL, openMeteoOverHttp);
}

export function roundedPlace(place: Place): Place {
  return { lat: Math.round(place.lat * 10) / 10, lng: Math.round(place.lng * 10) / 10 };
}

/** Where the parent is: their last shared location, else their first child's school; null when unknown. */
/** `db` is the directory (the parent's last place); `rows` and `key`, the family's database and key (its children's schools). */
export async function parentPlace(db: Db, rows: Db, userId: string, key: string): Promise<Place | null> {
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { lastLat: true, lastLng: true },
  });
  if (user?.lastLat != null && user.lastLng != null) return { lat: user.lastLat, lng: user.lastLng };
  // The first child's school with a place: children are the family's rows, schools the directory's.
  const kids = await rows.select({ schoolId: children.schoolId }).from(children).where(eq(children.userId, key)).orderBy(asc(children.createdAt));
  const schoolOf = await schoolsByIds(db, kids.map((kid) => kid.schoolId));
  const school = kids.map((kid) => (kid.schoolId ? schoolOf.get(kid.schoolId) : undefined)).find((s) => s?.lat != null && s.lng != null);
  return school ? { lat: school.lat!, lng: school.lng! } : null;
}

export async function setParentPlace(db: Db, userId: string, place: Place): Promise<void> {
  await db.update(users).set({ lastLat: place.lat, lastLng: place.lng }).where(eq(users.id, userId));
}

/**
 * The place's weather, from the cache while fresh. When the provider fails,
 * an older cached answer is better than none; without one the error stands.
 */
export async function placeWeather(db: Db, env: Env, exact: Place, now = Date.now()): Promise<PlaceWeather> {
  const place = roundedPlace(exact);
  const key = `${place.lat.toFixed(1)},${place.lng.toFixed(1)}`;
  const cached = await db.query.weatherCache.findFirst({ where: eq(weatherCache.place, key) });
  if (cached && now - cached.fetchedAt.getTime() < WEATHER_TTL_MS) return JSON.parse(cached.body) as PlaceWeather;
  let fresh: PlaceWeather;
  try {
    fresh = await chooseWeather(env).weather(place);
  } catch (error) {
    if (cached) return JSON.parse(cached.body) as PlaceWeather;
    throw error;
  }
  const body = JSON.stringify(fresh);
  const fetchedAt = new Date(now);
  await db
    .insert(weatherCache)
    .values({ place: key, body, fetchedAt })
    .onConflictDoUpdate({ target: weatherCache.place, set: { body, fetchedAt } });
  return fresh;
}
