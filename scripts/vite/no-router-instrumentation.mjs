/**
 * React Router's client-side instrumentation (`unstable_instrumentations`,
 * about 1 kB compressed) in the browser bundle without any way in: Cubby
 * passes no instrumentations, and React Router reaches that module only
 * through `router.js`, behind `if (init.instrumentations)`, plus one lookup
 * that answers `undefined` when nothing was instrumented. That is 1 kB of the
 * 110 kB every screen may load (issue 17, ADR 012 part 4), so for the browser
 * build `router.js` gets a module that answers the same for an app with no
 * instrumentation, and throws if one were ever added.
 *
 * If React Router renames what `router.js` imports, the build fails on the
 * missing export; if the file moves, no-router-instrumentation.test.ts fails.
 */
import { routerModuleStub } from "./router-stub.mjs";

/** The importer, in React Router's production build (the one browsers get). */
export const ROUTER_MODULE = /react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/;

/** What router.js imports from ./instrumentation.js, for an app that instruments nothing. */
export const NO_INSTRUMENTATION = `
const unused = () => { throw new Error("Cubby's browser build leaves out React Router's instrumentations (scripts/vite/no-router-instrumentation.ts)"); };
export const consumeInstrumentationClientResultMetaReceiver = () => undefined;
export const getRouteInstrumentationUpdates = unused;
export const instrumentClientSideRouter = unused;
`;

/** @returns {import("vite").Plugin} */
export function noRouterInstrumentation() {
  return routerModuleStub({
    name: "no-router-instrumentation",
    replaces: (source, importer) => source === "./instrumentation.js" && ROUTER_MODULE.test(importer),
    code: NO_INSTRUMENTATION,
  });
}
