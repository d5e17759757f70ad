/** Whether Cubby runs from the home screen (installed or fullscreen): the push toggle shows only then (spec §6). */
import { useSyncExternalStore } from "react";

const QUERY = "(display-mode: standalone), (display-mode: fullscreen)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Read in the browser only. */
export function isInstalled(): boolean {
  return window.matchMedia(QUERY).matches;
}

export function useInstalled(): boolean {
  return useSyncExternalStore(subscribe, isInstalled, () => false);
}
