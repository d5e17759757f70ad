import { Hono } from "hono";
import { z } from "zod";
import { isServiceFailure } from "~/.server/integrations/http";
import { parentPlace, placeWeather, setParentPlace } from "~/.server/integrations/weather/local-weather";
import type { PlaceWeather } from "~/.server/integrations/weather/provider";
import { familyData, familyKey, problem, readJson, requireUser, type Authed } from "./context";
import type { Context } from "hono";

const Location = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

const UNKNOWN_PLACE = "Cubby does not know where you are yet. Allow location access to see the weather.";

/** The parent's weather, or the answer that explains why there is none (spec §8: the app only logs it). */
async function withWeather(c: Context<Authed>, pick: (weather: PlaceWeather) => object) {
  const place = await parentPlace(c.get("db"), familyData(c), c.get("userId"), familyKey(c));
  if (!place) return c.json(problem(UNKNOWN_PLACE), 404);
  try {
    return c.json(pick(await placeWeather(c.get("db"), c.env, place)));
  } catch (error) {
    if (isServiceFailure(error)) {
      console.warn("Weather failed", error.service, error.status ?? "unreachable");
      return c.json(problem("The weather service is not answering. Please try again later."), 502);
    }
    throw error;
  }
}

/** spec §7: current weather and the daily forecast where the parent is; POST /api/location tells us where. */
export const weatherApi = new Hono<Authed>()
  .use(requireUser)
  .get("/weather/current", (c) => withWeather(c, (w) => ({ currentWeather: w.currentWeather })))
  .get("/weather/forecast", (c) => withWeather(c, (w) => ({ forecastDaily: w.forecastDaily })))
  .post("/location", async (c) => {
    const parsed = Location.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {lat, lng} in degrees."), 400);
    await setParentPlace(c.get("db"), c.get("userId"), parsed.data);
    return c.json({ ok: true });
  });
