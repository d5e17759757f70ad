import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import config from "../../react-router.config";
import { DISCOVERY_MODULE, NO_ROUTE_DISCOVERY } from "./no-route-discovery.mjs";

const routerBuild = fileURLToPath(new URL("../../node_modules/react-router/dist/production/", import.meta.url));

/** Every name a module of React Router's production build imports from fog-of-war.js. */
function importedNames(): string[] {
  const names = new Set<string>();
  const files = readdirSync(routerBuild, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
  for (const file of files) {
    const source = readFileSync(join(routerBuild, file), "utf8");
    for (const match of source.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"[./]*(?:[\\w-]+/)*${DISCOVERY_MODULE.replace(".", "\\.")}"`, "g"))) {
      for (const name of match[1].split(",")) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]);
    }
  }
  return [...names].toSorted();
}

describe("the browser build without React Router's lazy route discovery", () => {
  it("is built for a config that puts every route in the first page", () => {
    expect(config.routeDiscovery).toEqual({ mode: "initial" });
  });

  it("answers everything React Router imports from the module", () => {
    const imported = importedNames();
    expect(imported).toContain("useFogOFWarDiscovery");
    const exported = [...NO_ROUTE_DISCOVERY.matchAll(/export const (\w+)/g)].map((match) => match[1]);
    expect(exported.toSorted()).toEqual(imported);
  });

  it("discovers nothing in the 'initial' mode, and refuses the 'lazy' one", async () => {
    const stub = await import(`data:text/javascript,${encodeURIComponent(NO_ROUTE_DISCOVERY)}`);
    expect(stub.isFogOfWarEnabled({ mode: "initial" }, true)).toBe(false);
    expect(stub.getPatchRoutesOnNavigationFunction(null, null, null, true, { mode: "initial" })).toBeUndefined();
    expect(stub.useFogOFWarDiscovery(null, null, null, true, { mode: "initial" })).toBeUndefined();
    expect(() => stub.getPatchRoutesOnNavigationFunction(null, null, null, true, { mode: "lazy" })).toThrow(/leaves out/);
    expect(() => stub.useFogOFWarDiscovery(null, null, null, true, { mode: "lazy" })).toThrow(/leaves out/);
  });
});
