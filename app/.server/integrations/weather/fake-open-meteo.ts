/**
 * The local stand-in for Open-Meteo: answers the same query with the same
 * JSON shape, made up deterministically from the coordinates and the date
 * (cooler further from the equator, a weekly cycle of conditions). Its zone
 * comes from the longitude (Etc/GMT±N), as near as a fake needs to be.
 */
import { addDays, DAY_MS, utcMidnight } from "~/lib/calendar-day";
import { localDate, wallClock } from "~/lib/time-zone";
import { ServiceUnavailable } from "../http";
import type { OpenMeteoForecast, OpenMeteoTransport } from "./open-meteo";

/** A week of WMO codes: clear, mostly clear, partly cloudy, cloudy, rain, thunderstorm, snow/fog. */
const WEEK = [0, 1, 2, 3, 61, 95, 45];

function zoneFor(lng: number): string {
  const hours = Math.max(-12, Math.min(12, Math.round(lng / 15)));
  // Etc/GMT zones count the other way round: Etc/GMT+5 is UTC-5.
  return hours === 0 ? "Etc/GMT" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
}

function dayNumber(day: string): number {
  return utcMidnight(day) / DAY_MS;
}

function code(day: string): number {
  return WEEK[dayNumber(day) % WEEK.length]!;
}

export const fakeOpenMeteo = {
  /** While true the fake answers 503, as during an outage. */
  outage: false,
  /** How many forecasts were asked for: tests check the cache spares the service. */
  requests: 0,
};

export const fakeOpenMeteoTransport: OpenMeteoTransport = async (url) => {
  fakeOpenMeteo.requests += 1;
  if (fakeOpenMeteo.outage) throw new ServiceUnavailable("Open-Meteo", 503);
  const query = new URL(url).searchParams;
  const lat = Number(query.get("latitude"));
  const lng = Number(query.get("longitude"));
  const count = Number(query.get("forecast_days") ?? 7);
  const timezone = zoneFor(lng);
  const now = new Date();
  const today = localDate(now, timezone);
  const base = 28 - Math.abs(lat) * 0.5;
  const time = Array.from({ length: count }, (_, i) => addDays(today, i));
  const answer: OpenMeteoForecast = {
    latitude: lat,
    longitude: lng,
    timezone,
    utc_offset_seconds: Math.round(-Number(timezone.slice(7) || 0)) * 3600,
    current: {
      time: wallClock(now, timezone).slice(0, 16),
      temperature_2m: base + 2.3,
      relative_humidity_2m: 64,
      weather_code: code(today),
      wind_speed_10m: 11.5,
      uv_index: 3,
    },
    daily: {
      time,
      weather_code: time.map(code),
      temperature_2m_max: time.map((d) => base + 4 + (dayNumber(d) % 5)),
      temperature_2m_min: time.map((d) => base - 4 + (dayNumber(d) % 3)),
      uv_index_max: time.map((d) => 2 + (dayNumber(d) % 8)),
      wind_speed_10m_max: time.map((d) => 10 + (dayNumber(d) % 4) * 5),
      precipitation_probability_max: time.map((d) => ([61, 95].includes(code(d)) ? 80 : 0)),
    },
  };
  return answer;
};
