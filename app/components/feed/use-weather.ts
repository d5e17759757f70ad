/**
 * Weather for the feed's days (spec §7 /api/weather/current and /forecast,
 * §9): today from the current weather, days +1 to +10 from the forecast. A
 * failure is logged only (spec §8) and the days simply show no weather.
 */
import { useEffect, useState } from "react";
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
import { localDay } from "~/lib/feed/local-day";

export interface DayWeather {
  symbol: WeatherSymbol;
  /** '21°C' */
  temp: string;
  /** Wind, rain chance and the UV warning, for the drawer (spec §9). */
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

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(path, { credentials: "include", signal });
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
    const controller = new AbortController();
    const unit = temperatureUnit(tempUnits);
    Promise.all([
      getJson<{ currentWeather: Current }>("/api/weather/current", controller.signal),
      getJson<{ forecastDaily: { days: ForecastDay[] } }>("/api/weather/forecast", controller.signal),
    ])
      .then(([current, forecast]) => {
        const map = new Map<string, DayWeather>();
        for (const day of forecast.forecastDaily.days.slice(1, 11)) {
          map.set(localDay(day.forecastStart, timeZone), {
            symbol: weatherSymbol(day.conditionCode),
            temp: `${temperature(day.temperatureMax, tempUnits)}${unit}`,
            notes: [conditionText(day.conditionCode), ...notesOf(day.windSpeedMax, day.maxUvIndex, day.precipitationChance, distUnits)],
          });
        }
        const now = current.currentWeather;
        map.set(today, {
          symbol: weatherSymbol(now.conditionCode),
          temp: `${temperature(now.temperature, tempUnits)}${unit}`,
          notes: [conditionText(now.conditionCode), ...notesOf(now.windSpeed, now.uvIndex, undefined, distUnits)],
        });
        setDays(map);
      })
      .catch((error) => {
        if (!controller.signal.aborted) console.error("Failed to fetch weather", error);
      });
    return () => controller.abort();
  }, [enabled, timeZone, today, tempUnits, distUnits]);
  return days;
}
