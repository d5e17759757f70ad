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
import { currentDayWeather, forecastDayWeather, type CurrentWeather, type DayWeather, type ForecastDay } from "~/lib/feed/weather";
import { inOwnTask } from "~/lib/own-task";
import { currentPosition, LOCATION_MAX_AGE_MS } from "~/lib/position";
import { localDate } from "~/lib/time-zone";

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
      const units = { tempUnits, distUnits };
      shareLocation(controller.signal)
        .catch((error) => {
          if (!controller.signal.aborted) console.warn("Failed to share location", error);
        })
        .then(() =>
          Promise.all([
            getJson<{ currentWeather: CurrentWeather }>("/api/weather/current", controller.signal),
            getJson<{ forecastDaily: { days: ForecastDay[]; metadata?: { units?: string } } }>("/api/weather/forecast", controller.signal),
          ]),
        )
        .then(([current, forecast]) => {
          if (!current || !forecast) return;
          const map = new Map<string, DayWeather>();
          // Each answer says what units it is in (spec §9); the parent's choice is what is shown.
          const forecastUnits = forecast.forecastDaily.metadata?.units ?? "m";
          const [first, ...later] = forecast.forecastDaily.days;
          for (const day of later.slice(0, 10)) {
            map.set(localDate(day.forecastStart, timeZone), forecastDayWeather(day, forecastUnits, units));
          }
          const todaysForecast = first && localDate(first.forecastStart, timeZone) === today ? first : undefined;
          map.set(today, currentDayWeather(current.currentWeather, todaysForecast, forecastUnits, units));
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
