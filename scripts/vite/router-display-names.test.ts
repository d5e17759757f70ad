import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { routerDisplayNames, treeShakeable } from "./router-display-names.mjs";

const routerBuild = fileURLToPath(new URL("../../node_modules/react-router/dist/production/", import.meta.url));
const routerModules = readdirSync(join(routerBuild, "lib"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".js"))
  .map((file) => join(routerBuild, "lib", file));

/**
 * A browser build of `entry` against React Router's production build (as the app's is; under
 * Vitest the package would answer with its development build), with React and React DOM left
 * out and nothing minified: the code React Router adds to it.
 */
async function bundled(entry: string, plugins = [routerDisplayNames()]): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    resolve: { alias: { "react-router": join(routerBuild, "index.js") } },
    plugins: [{ name: "entry", resolveId: (id) => (id === "entry" ? "\0entry" : null), load: (id) => (id === "\0entry" ? entry : null) }, ...plugins],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: "entry", external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const [first] = Array.isArray(output) ? output : [output];
  return first.output.map((file) => (file.type === "chunk" ? file.code : "")).join("\n");
}

describe("React Router's browser modules, tree-shakeable", () => {
  it("lose every top-level display name and nothing else", () => {
    const removed: string[] = [];
    const unexplained: string[] = [];
    for (const file of routerModules) {
      const code = readFileSync(file, "utf8");
      const shaken = treeShakeable(code);
      const kept = new Set(shaken.split("\n"));
      for (const line of code.split("\n")) {
        if (kept.has(line)) continue;
        if (/^\S+\.displayName = "[^"]*";$/.test(line)) removed.push(line);
        // The only other change: a component or context made at the top level, marked pure.
        else if (!kept.has(line.replace(/^(const \S+ = )(React\$1\.)/, "$1/* @__PURE__ */ $2"))) unexplained.push(line);
      }
      if (/^\S+\.displayName = /m.test(shaken)) unexplained.push(`${file} keeps a display name`);
    }
    expect(unexplained).toEqual([]);
    // The contexts, Link, NavLink, Form, ScrollRestoration, the framework context, HistoryRouter:
    // a React Router upgrade that changes this is worth a look (its own build may have done it).
    expect(removed).toHaveLength(19);
  });

  it("leave out of a build the components it does not use, and keep those it does", async () => {
    // An app's build keeps no entry's exports: what it keeps, it uses.
    const entry = 'import { Link, ScrollRestoration } from "react-router"; globalThis.used = [Link, ScrollRestoration];';
    const shaken = await bundled(entry);
    expect(shaken).toContain("function LinkWithRef");
    expect(shaken).toContain("function ScrollRestoration");
    expect(shaken).not.toContain("function NavLinkWithRef");
    expect(shaken).not.toContain("function HistoryRouter");
    expect(shaken).not.toContain("function useSubmit");
    // Without the plugin, the display names kept them all (what React Router's own build does).
    const unshaken = await bundled(entry, []);
    expect(unshaken).toContain("function NavLinkWithRef");
    expect(unshaken).toContain("function useSubmit");
  }, 60_000);
});
