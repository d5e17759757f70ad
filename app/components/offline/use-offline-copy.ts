/**
 * Lets the service worker keep the feed for when there is no signal (ADR 024):
 * registers /sw.js (the same worker reminders use) and tells it which files
 * /focus needs, from React Router's manifest: the entry, the root, the
 * signed-in layout, the feed and its event and message overlays; and the
 * feed's parts that load when first shown (the month calendar, the progress
 * ring, …), which the worker fetches without the page running them.
 */
import { useEffect } from "react";
import { setReachable } from "./connection";

interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}

interface RouterManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

const FEED_ROUTES = ["root", "routes/signed-in", "focus", "focus-event", "focus-message"];
/**
 * The files of the lazy parts of the chunk that holds this module (the feed's) and of what
 * they import: the browser build writes them in place of this string
 * (scripts/vite/later-files.mjs). Development has no offline copy to keep them for.
 */
const LATER_FILES: unknown = "cubby:later-files";

/** The page's own modules (the manifest file among them) and the overlays' it has not loaded yet. */
function feedFiles(manifest: RouterManifest): string[] {
  const entries = [manifest.entry, ...FEED_ROUTES.map((id) => manifest.routes[id]).filter((entry) => entry !== undefined)];
  const files = entries.flatMap((entry) => [entry.module, ...(entry.imports ?? []), ...(entry.css ?? [])]);
  if (Array.isArray(LATER_FILES)) files.push(...LATER_FILES);
  // What this page loaded itself, the route manifest's own file among them (imported by an inline script).
  for (const entry of performance.getEntriesByType("resource")) if (entry.name.includes("/assets/")) files.push(entry.name);
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) files.push(link.href);
  return [...new Set(files)];
}

/** The worker marks the page it kept (public/sw.js): this load had no way to Cubby. */
function isKeptPage(): boolean {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((timing) => timing.name === "cubby-kept") ?? false;
}

export function useOfflineCopy(enabled: boolean) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    if (isKeptPage()) setReachable(false);
    // React Router's own global (routeDiscovery 'initial': the whole manifest is in the page).
    const manifest = Reflect.get(window, "__reactRouterManifest") as RouterManifest | undefined;
    const keep = () => {
      // updateViaCache 'none': a new sw.js is picked up at once, whatever the HTTP cache holds.
      navigator.serviceWorker
        .register("/sw.js", { scope: "/", updateViaCache: "none" })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          if (manifest) registration.active?.postMessage({ type: "cubby:keep", files: feedFiles(manifest) });
        })
        .catch((error) => console.error("Failed to keep the feed for offline", error));
    };
    // Once the page is drawn and awake: starting the worker and listing the files
    // would otherwise take the main thread while the feed hydrates (ADR 012).
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(keep, { timeout: 3000 });
      return () => cancelIdleCallback(idle);
    }
    const later = setTimeout(keep, 1000);
    return () => clearTimeout(later);
  }, [enabled]);
}
