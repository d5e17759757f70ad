import { describe, expect, it } from "vitest";
import { currentDayWeather, dayTemperature, forecastDayWeather, temperature, weatherNotes, windSpeed, type ForecastDay } from "./weather";

const DAY: ForecastDay = {
  forecastStart: "2026-11-28T05:00:00Z",
  temperatureMax: 20,
  temperatureMin: 10,
  conditionCode: "MostlyCloudy",
  maxUvIndex: 8,
  windSpeedMax: 10,
  precipitationChance: 0.4,
};

describe("the displayed per-day forecast (spec §3)", () => {
  it("keeps the spec's fields, in the parent's units", () => {
    expect(forecastDayWeather(DAY, "m", { tempUnits: "f", distUnits: "m" })).toEqual({
      symbol: "cloudy",
      code: "MostlyCloudy",
      temp: 68,
      min: 50,
      max: 68,
      tempUnit: "°F",
      uvIndex: 8,
      windSpeed: 6.2,
      speedUnit: "mph",
      precipitationChance: 0.4,
      today: false,
    });
  });

  it("reads values in the units the data says it is in (spec §9 'Forecast units come from the data')", () => {
    // The same day, sent in imperial units: shown in °C and km/h all the same.
    const imperial = { ...DAY, temperatureMax: 68, temperatureMin: 50, windSpeedMax: 6.21371 };
    const shown = forecastDayWeather(imperial, "e", { tempUnits: "c", distUnits: "km" });
    expect([shown.max, shown.min, shown.tempUnit, shown.windSpeed, shown.speedUnit]).toEqual([20, 10, "°C", 10, "km/h"]);
    expect(temperature(68, "f", "e")).toBe(68);
    expect(windSpeed(10, "m", "e")).toBe(10);
  });

  it("takes today from the current weather, with the day's high and low from today's forecast", () => {
    const today = currentDayWeather({ temperature: 15.4, conditionCode: "Clear", uvIndex: 2, windSpeed: 5, metadata: { units: "m" } }, DAY, "m", {});
    expect(today).toMatchObject({ today: true, temp: 15, min: 10, max: 20, tempUnit: "°C", symbol: "clear" });
    expect(dayTemperature(today)).toBe("15°C");
    expect(weatherNotes(today)).toEqual(["Clear", "High 20°C, low 10°C", "Wind 5 km/h"]);
    expect(weatherNotes(forecastDayWeather(DAY, "m", {}))).toEqual(["Mostly Cloudy", "High 20°C, low 10°C", "Wind 10 km/h", "40% chance of rain", "Very high to extreme UV"]);
  });
});
