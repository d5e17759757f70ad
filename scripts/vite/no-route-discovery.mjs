/**
 * React Router's lazy route discovery ("fog of war", about 1 kB compressed)
 * in the browser bundle, where Cubby turns it off: react-router.config.ts
 * sets `routeDiscovery: { mode: "initial" }`, so the whole route manifest comes
 * with the page and nothing is ever discovered. React Router reaches the
 * module's code only when the mode is "lazy"; every screen's 110 kB budget
 * (issue 17, ADR 012 part 10) pays for it anyway. So, as for the
 * instrumentations (no-router-instrumentation.mjs), the browser build gets a
 * module that answers the same for the "initial" mode, and throws if the
 * config ever asked for "lazy".
 *
 * If React Router imports something else from the module, the build fails on
 * the missing export and no-route-discovery.test.ts names it.
 */
import { ROUTER_BROWSER_BUILD, routerModuleStub } from "./router-stub.mjs";

/** The module, as React Router's production build (the one browsers get) imports it. */
export const DISCOVERY_MODULE = "fog-of-war.js";

/** What React Router's modules import from fog-of-war.js, for an app whose routes are all in the first page. */
export const NO_ROUTE_DISCOVERY = `
const unused = () => { throw new Error("Cubby's browser build leaves out React Router's lazy route discovery: routeDiscovery is 'initial' (scripts/vite/no-route-discovery.mjs)"); };
export const isFogOfWarEnabled = (routeDiscovery, ssr) => (routeDiscovery.mode === "lazy" && ssr === true ? unused() : false);
export const getPatchRoutesOnNavigationFunction = (_getRouter, _manifest, _routeModules, ssr, routeDiscovery) => void isFogOfWarEnabled(routeDiscovery, ssr);
export const useFogOFWarDiscovery = (_router, _manifest, _routeModules, ssr, routeDiscovery) => void isFogOfWarEnabled(routeDiscovery, ssr);
export const getPartialManifest = unused;
export const getManifestPath = unused;
export const getPathsWithAncestors = unused;
export const handleClientVersionMismatch = unused;
`;

/** @returns {import("vite").Plugin} */
export function noRouteDiscovery() {
  return routerModuleStub({
    name: "no-route-discovery",
    replaces: (source, importer) => source.endsWith(`/${DISCOVERY_MODULE}`) && ROUTER_BROWSER_BUILD.test(importer),
    code: NO_ROUTE_DISCOVERY,
  });
}
