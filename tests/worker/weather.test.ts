import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { weatherCache } from "~/.server/db/schema";
import { fakeOpenMeteo } from "~/.server/integrations/weather/fake-open-meteo";
import { roundedPlace } from "~/.server/integrations/weather/local-weather";
import { conditionCode } from "~/.server/integrations/weather/open-meteo";
import type { PlaceWeather } from "~/.server/integrations/weather/provider";
import { call, db, send, signIn } from "./helpers";

afterEach(() => {
  fakeOpenMeteo.outage = false;
});

/**
 * The cache is shared by every test: each test stands somewhere of its own, on
 * a 0.1° grid point, so a neighbour 0.01° away shares its cache entry.
 */
function somewhere() {
  return { lat: Math.round(Math.random() * 1200 - 600) / 10, lng: Math.round(Math.random() * 3000 - 1500) / 10 };
}

async function parentAt(place = somewhere()) {
  const parent = await signIn();
  expect((await send("POST", "/api/location", parent.cookie, place)).status).toBe(200);
  return { ...parent, place };
}

async function weather(cookie: string) {
  const current = await call("/api/weather/current", { cookie });
  const forecast = await call("/api/weather/forecast", { cookie });
  return { current, forecast };
}

describe("GET /api/weather/current and /api/weather/forecast", () => {
  it("answers the spec's shapes in metric units, today plus ten days", async () => {
    const { cookie } = await parentAt();
    const { current, forecast } = await weather(cookie);
    expect(current.status).toBe(200);
    const { currentWeather } = (await current.json()) as Pick<PlaceWeather, "currentWeather">;
    expect(Object.keys(currentWeather).toSorted()).toEqual(
      ["conditionCode", "humidity", "metadata", "temperature", "uvIndex", "windSpeed"],
    );
    expect(currentWeather.metadata).toEqual({ units: "m" });
    expect(currentWeather.conditionCode).toMatch(/^[A-Z][A-Za-z]+$/);
    expect(currentWeather.humidity).toBeGreaterThan(0);
    expect(currentWeather.humidity).toBeLessThanOrEqual(1);

    const { forecastDaily } = (await forecast.json()) as Pick<PlaceWeather, "forecastDaily">;
    expect(forecastDaily.metadata).toEqual({ units: "m" });
    expect(forecastDaily.days).toHaveLength(11);
    const [today] = forecastDaily.days;
    expect(Date.parse(today!.forecastStart)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(today!.forecastEnd)).toBeGreaterThan(Date.now());
    const starts = forecastDaily.days.slice(1).map((day) => day.forecastStart);
    expect(starts).toEqual(forecastDaily.days.slice(0, -1).map((day) => day.forecastEnd));
    for (const day of forecastDaily.days) {
      expect(Object.keys(day).toSorted()).toEqual([
        "conditionCode", "forecastEnd", "forecastStart", "maxUvIndex", "precipitationChance",
        "temperatureMax", "temperatureMin", "windSpeedMax",
      ]);
      expect(day.temperatureMax).toBeGreaterThanOrEqual(day.temperatureMin);
      expect(day.precipitationChance).toBeGreaterThanOrEqual(0);
      expect(day.precipitationChance).toBeLessThanOrEqual(1);
    }
  });

  it("names WMO codes as camel-case conditions and unknown codes as not available", () => {
    expect([0, 2, 3, 45, 61, 73, 95].map(conditionCode)).toEqual([
      "Clear", "PartlyCloudy", "Cloudy", "Foggy", "Rain", "Snow", "Thunderstorms",
    ]);
    expect(conditionCode(42)).toBe("NotAvailable");
  });

  it("asks the provider once per place while the answer is fresh, nearby parents included", async () => {
    const first = await parentAt();
    const before = fakeOpenMeteo.requests;
    await weather(first.cookie);
    const neighbour = await parentAt({ lat: first.place.lat + 0.01, lng: first.place.lng - 0.01 });
    await weather(neighbour.cookie);
    await weather(first.cookie);
    expect(fakeOpenMeteo.requests - before).toBeLessThanOrEqual(1);
  });

  it("serves the last answer while the provider is down, and an error when there is none", async () => {
    const { cookie, place } = await parentAt();
    expect((await weather(cookie)).current.status).toBe(200);
    // The cached answer is old now, and the provider is down.
    const rounded = roundedPlace(place);
    await db()
      .update(weatherCache)
      .set({ fetchedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(weatherCache.place, `${rounded.lat.toFixed(1)},${rounded.lng.toFixed(1)}`));
    fakeOpenMeteo.outage = true;
    expect((await weather(cookie)).forecast.status).toBe(200);

    const stranger = await parentAt({ lat: -place.lat, lng: place.lng > 0 ? place.lng - 170 : place.lng + 170 });
    const { current } = await weather(stranger.cookie);
    expect(current.status).toBe(502);
    expect(await current.json()).toHaveProperty("error");
  });

  it("uses the first child's school until the parent shares a location", async () => {
    const { cookie } = await signIn();
    expect((await weather(cookie)).current.status).toBe(404);
    const created = await send("POST", "/api/child", cookie, { firstName: "Maya", grade: "grade 2", avatarId: "kitten" });
    const { child } = (await created.json()) as { child: { _id: string } };
    await send("PUT", `/api/child/${child._id}`, cookie, { schoolId: "sample-ca-001" });
    expect((await weather(cookie)).current.status).toBe(200);
    const cached = await db().query.weatherCache.findFirst({ where: eq(weatherCache.place, "43.7,-79.3") });
    expect(cached).toBeDefined();
  });

  it("answers 404 with an error while the place is unknown", async () => {
    const { cookie } = await signIn();
    const { current, forecast } = await weather(cookie);
    expect([current.status, forecast.status]).toEqual([404, 404]);
    expect(await current.json()).toHaveProperty("error");
  });

  it("needs a session", async () => {
    expect((await call("/api/weather/current")).status).toBe(401);
    expect((await call("/api/weather/forecast")).status).toBe(401);
  });
});

describe("POST /api/location", () => {
  it("keeps only coordinates that make sense", async () => {
    const { cookie } = await signIn();
    for (const bad of [{}, { lat: "43", lng: -79 }, { lat: 91, lng: 0 }, { lat: 0, lng: 181 }]) {
      expect((await send("POST", "/api/location", cookie, bad)).status).toBe(400);
    }
    expect((await send("POST", "/api/location", cookie, { lat: 43.67, lng: -79.35 })).status).toBe(200);
    const profile = (await (await call("/api/user/profile", { cookie })).json()) as {
      user: { lastLocation: { lat: number; lng: number } };
    };
    expect(profile.user.lastLocation).toEqual({ lat: 43.67, lng: -79.35 });
  });
});
