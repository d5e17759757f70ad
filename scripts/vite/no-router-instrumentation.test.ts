import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { NO_INSTRUMENTATION, ROUTER_MODULE } from "./no-router-instrumentation.mjs";

const routerPath = fileURLToPath(new URL("../../node_modules/react-router/dist/production/lib/router/router.js", import.meta.url));

describe("the browser build without React Router's instrumentations", () => {
  it("finds router.js where the plugin looks for it", () => {
    expect(routerPath).toMatch(ROUTER_MODULE);
  });

  it("answers everything router.js imports from ./instrumentation.js", () => {
    const router = readFileSync(routerPath, "utf8");
    const imported = router.match(/import\s*\{([^}]*)\}\s*from\s*"\.\/instrumentation\.js"/)?.[1];
    expect(imported).toBeDefined();
    const names = imported!.split(",").map((name) => name.trim()).filter(Boolean);
    const exported = [...NO_INSTRUMENTATION.matchAll(/export const (\w+)/g)].map((match) => match[1]);
    expect(names.toSorted()).toEqual(exported.toSorted());
  });

  it("reaches the instrumentations only when a router is given some", async () => {
    const router = readFileSync(routerPath, "utf8");
    // Every call but the lookup sits behind `if (init.instrumentations)` (or `opts?.instrumentations`).
    for (const call of ["instrumentClientSideRouter(", "getRouteInstrumentationUpdates("]) {
      for (const at of [...router.matchAll(new RegExp(call.replace("(", "\\("), "g"))].map((match) => match.index)) {
        const before = router.slice(Math.max(0, at - 400), at);
        expect(before).toMatch(/if \((init|opts\?)\.instrumentations\)/);
      }
    }
    const stub = await import(`data:text/javascript,${encodeURIComponent(NO_INSTRUMENTATION)}`);
    expect(stub.consumeInstrumentationClientResultMetaReceiver({})).toBeUndefined();
    expect(() => stub.instrumentClientSideRouter()).toThrow(/leaves out/);
  });
});
