/** The real Open-Meteo client against a scripted answer in Open-Meteo's documented shape. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { placeWeather } from "~/.server/integrations/weather/local-weather";
import { db } from "./helpers";
import { realEnv, stubFetch } from "./outbound";

/** As https://api.open-meteo.com/v1/forecast answers (trimmed to 2 of its 11 days). */
const ANSWER = {
  latitude: 43.7,
  longitude: -79.4,
  timezone: "America/Toronto",
  utc_offset_seconds: -18000,
  current_units: { temperature_2m: "°C", wind_speed_10m: "km/h" },
  current: {
    time: "2026-12-04T09:00",
    interval: 900,
    temperature_2m: -3.44,
    relative_humidity_2m: 81,
    weather_code: 71,
    wind_speed_10m: 14.76,
    uv_index: 0.4,
  },
  daily: {
    time: ["2026-12-04", "2026-12-05"],
    weather_code: [71, 2],
    temperature_2m_max: [-1.2, 3.5],
    temperature_2m_min: [-6.1, -2],
    uv_index_max: [1.2, 2.6],
    wind_speed_10m_max: [22.3, 12],
    precipitation_probability_max: [90, null],
  },
};

describe("Open-Meteo over HTTP", () => {
  it("asks for metric current and daily weather in the place's zone, and answers Cubby's shapes", async () => {
    const seen = stubFetch(() => Response.json(ANSWER));
    const place = { lat: 10 + Math.random(), lng: 20 + Math.random() };
    const weather = await placeWeather(db(), realEnv(env), place);

    const url = new URL(seen[0]!.url);
    expect(url.origin + url.pathname).toBe("https://api.open-meteo.com/v1/forecast");
    expect(url.searchParams.get("timezone")).toBe("auto");
    expect(url.searchParams.get("forecast_days")).toBe("11");
    expect(url.searchParams.get("current")!.split(",")).toContain("weather_code");
    // Only the rounded place leaves Cubby.
    expect(Number(url.searchParams.get("latitude"))).toBe(Math.round(place.lat * 10) / 10);

    expect(weather.currentWeather).toEqual({
      temperature: -3.4,
      conditionCode: "Flurries",
      uvIndex: 0,
      humidity: 0.81,
      windSpeed: 14.8,
      metadata: { units: "m" },
    });
    expect(weather.forecastDaily.days[0]).toEqual({
      forecastStart: "2026-12-04T05:00:00.000Z",
      forecastEnd: "2026-12-05T05:00:00.000Z",
      temperatureMax: -1.2,
      temperatureMin: -6.1,
      conditionCode: "Flurries",
      maxUvIndex: 1,
      windSpeedMax: 22.3,
      precipitationChance: 0.9,
    });
    expect(weather.forecastDaily.days[1]).toMatchObject({ conditionCode: "PartlyCloudy", precipitationChance: 0 });
  });

  it("uses WEATHER_URL when an operator points it elsewhere", async () => {
    const seen = stubFetch(() => Response.json(ANSWER));
    const place = { lat: -30 - Math.random(), lng: 100 + Math.random() };
    await placeWeather(db(), realEnv(env, { WEATHER_URL: "https://weather.internal.example/v1/forecast" }), place);
    expect(seen[0]!.url.startsWith("https://weather.internal.example/v1/forecast?")).toBe(true);
  });
});
