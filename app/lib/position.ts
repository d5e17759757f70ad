/** Where the phone is (spec §9: high accuracy, 10 s timeout, a position up to 5 minutes old); null when it will not say. */

export const LOCATION_MAX_AGE_MS = 5 * 60_000;
const LOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: LOCATION_MAX_AGE_MS };

export function currentPosition(): Promise<GeolocationPosition | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), LOCATION_OPTIONS));
}
