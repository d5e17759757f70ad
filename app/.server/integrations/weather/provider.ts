/**
 * Weather for a place, in the shape the app reads (spec §3 "Weather"): metric
 * units (°C, km/h), condition codes as camel-case words ('MostlyCloudy'),
 * humidity and precipitation chance as fractions 0–1. Forecast days start
 * with today (day 0, as the app expects it) and run to day +10.
 */
export interface Place {
  lat: number;
  lng: number;
}

export interface CurrentWeather {
  temperature: number;
  conditionCode: string;
  uvIndex: number;
  humidity: number;
  windSpeed: number;
  metadata: { units: "m" };
}

export interface ForecastDay {
  /** The day's first and next day's first instant in the place's zone, ISO. */
  forecastStart: string;
  forecastEnd: string;
  temperatureMax: number;
  temperatureMin: number;
  conditionCode: string;
  maxUvIndex: number;
  windSpeedMax: number;
  precipitationChance: number;
}

export interface PlaceWeather {
  currentWeather: CurrentWeather;
  forecastDaily: { days: ForecastDay[]; metadata: { units: "m" } };
}

export interface WeatherProvider {
  weather(place: Place): Promise<PlaceWeather>;
}

/** Today and days +1 to +10 (spec §9: the feed shows up to 11 days ahead from today). */
export const FORECAST_DAYS = 11;
