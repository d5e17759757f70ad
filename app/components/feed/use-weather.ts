/**
 * Weather for the feed's days (spec §7 /api/weather/current and /forecast,
 * §9): today from the current weather, days +1 to +10 from the forecast. A
 * failure is logged only (spec §8) and the days simply show no weather.
 *
 * Where the parent is comes from the browser (spec §10: high accuracy, 10 s
 * timeout, a position up to 5 minutes old), told to the server with POST
 * /api/location at most every 5 minutes. Without it (denied, unavailable,
 * too slow) the server uses the last place it was told, else the first
 * child's school; knowing neither, the days show no weather, quietly.
 */
import { startTransition, useEffect, useState } from "react";
import {
  conditionText,
  precipitationNote,
  speedUnit,
  temperature,
  temperatureUnit,
  uvNote,
  weatherSymbol,
  windSpeed,
  type WeatherSymbol,
} from "~/lib/feed/weather";
import { inOwnTask } from "~/lib/own-task";
import { currentPosition, LOCATION_MAX_AGE_MS } from "~/lib/position";
import { localDate } from "~/lib/time-zone";

export interface DayWeather {
  symbol: WeatherSymbol;
  /** '21°C' */
  temp: string;
  /** The day's high and low, wind, rain chance and the UV warning, for the drawer (spec §3, §9). */
  notes: string[];
}

interface Current {
  temperature: number;
  conditionCode: string;
  uvIndex?: number;
  windSpeed?: number;
}
interface ForecastDay {
  forecastStart: string;
  temperatureMax: number;
  temperatureMin?: number;
  conditionCode: string;
  maxUvIndex?: number;
  windSpeedMax?: number;
  precipitationChance?: number;
}

function notesOf(wind: number | undefined, uv: number | undefined, rain: number | undefined, distUnits?: string): string[] {
  const notes = [wind === undefined ? null : `Wind ${windSpeed(wind, distUnits)} ${speedUnit(distUnits)}`];
  const chance = precipitationNote(rain);
  if (chance) notes.push(`${chance} chance of rain`);
  const uvText = uvNote(uv);
  if (uvText) notes.push(uvText);
  return notes.filter((note): note is string => Boolean(note));
}

/** When this page last told the server where the parent is. */
let locationSharedAt = -Infinity;

async function shareLocation(signal: AbortSignal): Promise<void> {
  if (Date.now() - locationSharedAt < LOCATION_MAX_AGE_MS) return;
  const position = await currentPosition();
  if (!position || signal.aborted) return;
  const { latitude: lat, longitude: lng } = position.coords;
  const response = await fetch("/api/location", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ lat, lng }),
    signal,
  });
  if (response.ok) locationSharedAt = Date.now();
}

/** The answer, or null when the server does not know where the parent is (404): no weather then, and no error. */
async function getJson<T>(path: string, signal: AbortSignal): Promise<T | null> {
  const response = await fetch(path, { credentials: "include", signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export function useWeather(
  enabled: boolean,
  timeZone: string,
  today: string | null,
  tempUnits?: string,
  distUnits?: string,
): Map<string, DayWeather> {
  const [days, setDays] = useState(() => new Map<string, DayWeather>());
  useEffect(() => {
    if (!enabled || !today) return;
    return inOwnTask(() => {
      const controller = new AbortController();
      const unit = temperatureUnit(tempUnits);
      shareLocation(controller.signal)
        .catch((error) => {
          if (!controller.signal.aborted) console.warn("Failed to share location", error);
        })
        .then(() =>
          Promise.all([
            getJson<{ currentWeather: Current }>("/api/weather/current", controller.signal),
            getJson<{ forecastDaily: { days: ForecastDay[] } }>("/api/weather/forecast", controller.signal),
          ]),
        )
        .then(([current, forecast]) => {
          if (!current || !forecast) return;
          const map = new Map<string, DayWeather>();
          const highLow = (day: ForecastDay | undefined) =>
            day?.temperatureMin === undefined
              ? []
              : [`High ${temperature(day.temperatureMax, tempUnits)}${unit}, low ${temperature(day.temperatureMin, tempUnits)}${unit}`];
          const [first, ...later] = forecast.forecastDaily.days;
          for (const day of later.slice(0, 10)) {
            map.set(localDate(day.forecastStart, timeZone), {
              symbol: weatherSymbol(day.conditionCode),
              temp: `${temperature(day.temperatureMax, tempUnits)}${unit}`,
              notes: [
                conditionText(day.conditionCode),
                ...highLow(day),
                ...notesOf(day.windSpeedMax, day.maxUvIndex, day.precipitationChance, distUnits),
              ],
            });
          }
          const now = current.currentWeather;
          map.set(today, {
            symbol: weatherSymbol(now.conditionCode),
            temp: `${temperature(now.temperature, tempUnits)}${unit}`,
            notes: [
              conditionText(now.conditionCode),
              // Today's forecast holds the day's high and low; the current reading is the tile's.
              ...highLow(first && localDate(first.forecastStart, timeZone) === today ? first : undefined),
              ...notesOf(now.windSpeed, now.uvIndex, undefined, distUnits),
            ],
          });
          // Weather redraws every day block: as a transition, so the feed stays responsive.
          startTransition(() => setDays(map));
        })
        .catch((error) => {
          if (!controller.signal.aborted) console.error("Failed to fetch weather", error);
        });
      return () => controller.abort();
    });
  }, [enabled, timeZone, today, tempUnits, distUnits]);
  return days;
}
