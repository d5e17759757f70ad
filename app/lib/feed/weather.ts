/**
 * Weather as the feed shows it (spec §9 "Weather", "Units"): unit
 * conversion, the UV and precipitation notes, and the symbol for a condition.
 */
export type WeatherSymbol = "clear" | "cloudy" | "rain" | "thunderstorm" | "snow" | "fog" | "other" | "unavailable";

/** Metric °C → °F when the parent chose 'f', else rounded °C. */
export function temperature(celsius: number, tempUnits?: string | null): number {
  return tempUnits === "f" ? Math.round((celsius * 9) / 5 + 32) : Math.round(celsius);
}

export function temperatureUnit(tempUnits?: string | null): "°F" | "°C" {
  return tempUnits === "f" ? "°F" : "°C";
}

/** km/h → mph (one decimal) when the parent chose 'm', else rounded km/h. */
export function windSpeed(kmh: number, distUnits?: string | null): number {
  return distUnits === "m" ? Math.round(kmh * 0.621371 * 10) / 10 : Math.round(kmh);
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
