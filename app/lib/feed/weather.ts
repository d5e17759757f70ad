/**
 * Weather as the feed shows it (spec §9 "Weather", "Units"): unit
 * conversion, the UV and precipitation notes, and the symbol for a condition.
 */
export type WeatherSymbol = "clear" | "cloudy" | "rain" | "thunderstorm" | "snow" | "fog" | "other" | "unavailable";

/**
 * The units the weather data itself is in (spec §3 `metadata.units`, §9 "Forecast units come
 * from the data"): 'm' metric (°C, km/h), 'e' imperial (°F, mph). Cubby's server sends 'm'.
 */
export type DataUnits = string | null | undefined;

const imperial = (units: DataUnits) => units === "e";

/** A reading in the data's units → °F when the parent chose 'f', else rounded °C. */
export function temperature(value: number, tempUnits?: string | null, dataUnits: DataUnits = "m"): number {
  const celsius = imperial(dataUnits) ? ((value - 32) * 5) / 9 : value;
  return tempUnits === "f" ? Math.round((celsius * 9) / 5 + 32) : Math.round(celsius);
}

export function temperatureUnit(tempUnits?: string | null): "°F" | "°C" {
  return tempUnits === "f" ? "°F" : "°C";
}

const MPH_PER_KMH = 0.621371;

/** A speed in the data's units → mph (one decimal) when the parent chose 'm', else rounded km/h. */
export function windSpeed(value: number, distUnits?: string | null, dataUnits: DataUnits = "m"): number {
  const kmh = imperial(dataUnits) ? value / MPH_PER_KMH : value;
  return distUnits === "m" ? Math.round(kmh * MPH_PER_KMH * 10) / 10 : Math.round(kmh);
}

export function speedUnit(distUnits?: string | null): "mph" | "km/h" {
  return distUnits === "m" ? "mph" : "km/h";
}

/** Where °F and mph are the everyday units (CLDR's unit preferences), by region. */
const FAHRENHEIT_REGIONS = new Set(["US", "PR", "BS", "BZ", "KY", "PW", "LR", "FM", "MH"]);
const MILES_REGIONS = new Set(["US", "PR", "GB", "LR", "MM"]);

/**
 * The units a parent who never chose any expects: those of their device's
 * region ('US' → 'f' and 'm'; Canada, like most places, metric).
 */
export function unitsForRegion(region: string | null | undefined): { tempUnits: "f" | "c"; distUnits: "m" | "km" } {
  const code = region?.toUpperCase() ?? "";
  return { tempUnits: FAHRENHEIT_REGIONS.has(code) ? "f" : "c", distUnits: MILES_REGIONS.has(code) ? "m" : "km" };
}

/** The region of a language tag, filled in the way Intl does ('en' → 'US', 'fr-CA' → 'CA'); '' when unknown. */
export function regionOfLocale(tag: string): string {
  try {
    return new Intl.Locale(tag).maximize().region ?? "";
  } catch {
    return "";
  }
}

export function uvNote(uvIndex: number | null | undefined): string | null {
  return uvIndex !== null && uvIndex !== undefined && uvIndex > 7 ? "Very high to extreme UV" : null;
}

/** A chance as 0–1 (or already a percentage) → '40%'; nothing when 0. */
export function precipitationNote(chance: number | null | undefined): string | null {
  if (!chance || chance <= 0) return null;
  return `${Math.round(chance <= 1 ? chance * 100 : chance)}%`;
}

const SYMBOLS: [RegExp, WeatherSymbol][] = [
  [/thunder/i, "thunderstorm"],
  [/snow|flurr|sleet|blizzard|hail|frigid|ice/i, "snow"],
  [/rain|drizzle|shower/i, "rain"],
  [/fog|haze|smok|dust/i, "fog"],
  [/cloud|overcast/i, "cloudy"],
  [/clear|sunny|hot/i, "clear"],
  [/wind|breez|tropical|hurricane/i, "other"],
];

export function weatherSymbol(conditionCode: string | null | undefined): WeatherSymbol {
  if (!conditionCode) return "unavailable";
  for (const [pattern, symbol] of SYMBOLS) if (pattern.test(conditionCode)) return symbol;
  return "unavailable";
}

/** spec §9: "a camel-case code is displayed as spaced words" ('MostlyCloudy' → 'Mostly Cloudy'). */
export function conditionText(conditionCode: string): string {
  return conditionCode.replace(/([a-z])([A-Z])/g, "$1 $2");
}

/** spec §3 "Weather current" as the API sends it. */
export interface CurrentWeather {
  temperature: number;
  conditionCode: string;
  uvIndex?: number;
  windSpeed?: number;
  metadata?: { units?: string };
}

/** spec §3 "Forecast days[]" as the API sends them. */
export interface ForecastDay {
  forecastStart: string;
  temperatureMax: number;
  temperatureMin?: number;
  conditionCode: string;
  maxUvIndex?: number;
  windSpeedMax?: number;
  precipitationChance?: number;
}

/** spec §3 "Displayed per-day forecast", in the parent's units. */
export interface DayWeather {
  symbol: WeatherSymbol;
  code: string;
  temp: number;
  min: number | null;
  max: number | null;
  tempUnit: "°F" | "°C";
  uvIndex: number | null;
  windSpeed: number | null;
  speedUnit: "mph" | "km/h";
  precipitationChance: number | null;
  today: boolean;
}

/** The parent's chosen units (profile preferences). */
export interface UnitChoice {
  tempUnits?: string | null;
  distUnits?: string | null;
}

/** A forecast day, read in its data's units (`dataUnits`) and shown in the parent's. */
export function forecastDayWeather(day: ForecastDay, dataUnits: DataUnits, units: UnitChoice, today = false): DayWeather {
  return {
    symbol: weatherSymbol(day.conditionCode),
    code: day.conditionCode,
    temp: temperature(day.temperatureMax, units.tempUnits, dataUnits),
    min: day.temperatureMin === undefined ? null : temperature(day.temperatureMin, units.tempUnits, dataUnits),
    max: temperature(day.temperatureMax, units.tempUnits, dataUnits),
    tempUnit: temperatureUnit(units.tempUnits),
    uvIndex: day.maxUvIndex ?? null,
    windSpeed: day.windSpeedMax === undefined ? null : windSpeed(day.windSpeedMax, units.distUnits, dataUnits),
    speedUnit: speedUnit(units.distUnits),
    precipitationChance: day.precipitationChance ?? null,
    today,
  };
}

/**
 * Today (spec §9 "today uses current weather"): the current reading, with the day's high and
 * low from today's forecast when there is one.
 */
export function currentDayWeather(
  now: CurrentWeather,
  todaysForecast: ForecastDay | undefined,
  forecastUnits: DataUnits,
  units: UnitChoice,
): DayWeather {
  const dataUnits = now.metadata?.units ?? "m";
  const day = todaysForecast ? forecastDayWeather(todaysForecast, forecastUnits, units, true) : null;
  return {
    symbol: weatherSymbol(now.conditionCode),
    code: now.conditionCode,
    temp: temperature(now.temperature, units.tempUnits, dataUnits),
    min: day?.min ?? null,
    max: day?.max ?? null,
    tempUnit: temperatureUnit(units.tempUnits),
    uvIndex: now.uvIndex ?? null,
    windSpeed: now.windSpeed === undefined ? null : windSpeed(now.windSpeed, units.distUnits, dataUnits),
    speedUnit: speedUnit(units.distUnits),
    precipitationChance: null,
    today: true,
  };
}

/** '21°C', as a day block shows it. */
export function dayTemperature(weather: DayWeather): string {
  return `${weather.temp}${weather.tempUnit}`;
}

/** The drawer's lines: the condition, the high and low, wind, rain chance and the UV warning (spec §9). */
export function weatherNotes(weather: DayWeather): string[] {
  const notes = [conditionText(weather.code)];
  if (weather.min !== null && weather.max !== null) {
    notes.push(`High ${weather.max}${weather.tempUnit}, low ${weather.min}${weather.tempUnit}`);
  }
  if (weather.windSpeed !== null) notes.push(`Wind ${weather.windSpeed} ${weather.speedUnit}`);
  const chance = precipitationNote(weather.precipitationChance);
  if (chance) notes.push(`${chance} chance of rain`);
  const uv = uvNote(weather.uvIndex);
  if (uv) notes.push(uv);
  return notes;
}
