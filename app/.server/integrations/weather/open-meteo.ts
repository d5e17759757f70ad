/**
 * Open-Meteo's forecast API (https://open-meteo.com/en/docs): keyless, free for
 * non-commercial use, self-hostable, metric by default. One request answers
 * both current conditions and the daily forecast. The transport is the one
 * thing that differs between the real service and the local fake; the mapping
 * from Open-Meteo's answer to Cubby's shape is the same code for both.
 */
import { addDays } from "~/lib/calendar-day";
import { zonedInstant } from "~/lib/time-zone";
import { callService } from "../http";
import { FORECAST_DAYS, type ForecastDay, type Place, type PlaceWeather, type WeatherProvider } from "./provider";

export const OPEN_METEO_URL = "https://api.open-meteo.com/v1/forecast";

/** The fields of Open-Meteo's answer Cubby asks for (units: °C, %, km/h). */
export interface OpenMeteoForecast {
  latitude: number;
  longitude: number;
  timezone: string;
  utc_offset_seconds: number;
  current: {
    time: string;
    temperature_2m: number;
    relative_humidity_2m: number;
    weather_code: number;
    wind_speed_10m: number;
    uv_index: number | null;
  };
  daily: {
    /** Local dates 'YYYY-MM-DD'. */
    time: string[];
    weather_code: number[];
    temperature_2m_max: number[];
    temperature_2m_min: number[];
    uv_index_max: (number | null)[];
    wind_speed_10m_max: number[];
    /** Null where the model has no probability for that day. */
    precipitation_probability_max: (number | null)[];
  };
}

export type OpenMeteoTransport = (url: string) => Promise<OpenMeteoForecast>;

export const CURRENT_FIELDS = ["temperature_2m", "relative_humidity_2m", "weather_code", "wind_speed_10m", "uv_index"];
export const DAILY_FIELDS = [
  "weather_code",
  "temperature_2m_max",
  "temperature_2m_min",
  "uv_index_max",
  "wind_speed_10m_max",
  "precipitation_probability_max",
];

export function forecastUrl(base: string, place: Place): string {
  const query = new URLSearchParams({
    latitude: place.lat.toFixed(2),
    longitude: place.lng.toFixed(2),
    current: CURRENT_FIELDS.join(","),
    daily: DAILY_FIELDS.join(","),
    // Daily values and dates in the place's own zone.
    timezone: "auto",
    forecast_days: String(FORECAST_DAYS),
  });
  return `${base}?${query}`;
}

/** WMO weather interpretation codes (Open-Meteo's weather_code) → camel-case condition words. */
const CONDITIONS: Record<number, string> = {
  0: "Clear",
  1: "MostlyClear",
  2: "PartlyCloudy",
  3: "Cloudy",
  45: "Foggy",
  48: "Foggy",
  51: "Drizzle",
  53: "Drizzle",
  55: "Drizzle",
  56: "FreezingDrizzle",
  57: "FreezingDrizzle",
  61: "Rain",
  63: "Rain",
  65: "HeavyRain",
  66: "FreezingRain",
  67: "FreezingRain",
  71: "Flurries",
  73: "Snow",
  75: "HeavySnow",
  77: "Snow",
  80: "ScatteredShowers",
  81: "Rain",
  82: "HeavyRain",
  85: "SnowShowers",
  86: "HeavySnow",
  95: "Thunderstorms",
  96: "Thunderstorms",
  99: "Thunderstorms",
};

/** An unknown code stays unknown, so the app shows its 'not available' symbol. */
export function conditionCode(wmo: number): string {
  return CONDITIONS[wmo] ?? "NotAvailable";
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function fromOpenMeteo(answer: OpenMeteoForecast): PlaceWeather {
  const { current, daily, timezone } = answer;
  const days: ForecastDay[] = daily.time.map((day, i) => ({
    forecastStart: zonedInstant(`${day}T00:00`, timezone).toISOString(),
    forecastEnd: zonedInstant(`${addDays(day, 1)}T00:00`, timezone).toISOString(),
    temperatureMax: round1(daily.temperature_2m_max[i] ?? 0),
    temperatureMin: round1(daily.temperature_2m_min[i] ?? 0),
    conditionCode: conditionCode(daily.weather_code[i] ?? -1),
    maxUvIndex: Math.round(daily.uv_index_max[i] ?? 0),
    windSpeedMax: round1(daily.wind_speed_10m_max[i] ?? 0),
    precipitationChance: (daily.precipitation_probability_max[i] ?? 0) / 100,
  }));
  return {
    currentWeather: {
      temperature: round1(current.temperature_2m),
      conditionCode: conditionCode(current.weather_code),
      uvIndex: Math.round(current.uv_index ?? 0),
      humidity: current.relative_humidity_2m / 100,
      windSpeed: round1(current.wind_speed_10m),
      metadata: { units: "m" },
    },
    forecastDaily: { days, metadata: { units: "m" } },
  };
}

export function openMeteoWeather(base: string, transport: OpenMeteoTransport): WeatherProvider {
  return {
    async weather(place) {
      return fromOpenMeteo(await transport(forecastUrl(base, place)));
    },
  };
}

export const openMeteoOverHttp: OpenMeteoTransport = (url) => callService<OpenMeteoForecast>("Open-Meteo", url);
