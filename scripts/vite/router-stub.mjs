/** React Router's production build, the one browsers get: its modules are the ones these plugins touch. */
export const ROUTER_BROWSER_BUILD = /react-router[\\/]dist[\\/]production[\\/]/;

/**
 * One of React Router's browser-build modules answered by Cubby's own, for a
 * feature Cubby leaves off (no-router-instrumentation.mjs,
 * no-route-discovery.mjs): only in the browser build, only where React
 * Router's own modules import it. The server build keeps the real module.
 * @param {{ name: string, replaces: (source: string, importer: string) => boolean, code: string }} stub
 *   `replaces`: whether this import, by this importer, is the module to answer.
 * @returns {import("vite").Plugin}
 */
export function routerModuleStub({ name, replaces, code }) {
  const stubId = `\0cubby:${name}`;
  return {
    name: `cubby:${name}`,
    apply: "build",
    resolveId: {
      order: "pre",
      handler(source, importer) {
        if (this.environment.name !== "client" || !importer) return;
        if (replaces(source, importer)) return stubId;
      },
    },
    load(id) {
      if (id === stubId) return code;
    },
  };
}
