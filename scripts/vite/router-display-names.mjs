/**
 * React Router's browser modules, made tree-shakeable (ADR 012 part 11). Its published build
 * names its contexts and components for React DevTools with a statement of its own
 * (`Form.displayName = "Form"`): a write to a property, which the bundler must keep, and which
 * keeps with it every component it names, used or not (`<Form>`, `<NavLink>`,
 * `unstable_HistoryRouter` and what they call). React Router's pull request #15299 proposes the
 * same fix in its own build. In the browser build only, and only for React Router's modules:
 * - each top-level `X.displayName = "…"` goes (DevTools then names a component by its
 *   function's name);
 * - each top-level `const X = React$1.forwardRef(…)` or `React$1.createContext(…)` is marked
 *   pure, as React's own functions are, so an unused one can go too.
 */
import { ROUTER_BROWSER_BUILD } from "./router-stub.mjs";

const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";\n/gm;
const PURE_CALL = /^(const [A-Za-z_$][\w$]* = )(React\$1\.(?:forwardRef|createContext)\()/gm;

/**
 * A React Router module's source, its display names out and its components pure.
 * @param {string} code
 */
export function treeShakeable(code) {
  return code.replace(DISPLAY_NAME, "").replace(PURE_CALL, "$1/* @__PURE__ */ $2");
}

/** @returns {import("vite").Plugin} */
export function routerDisplayNames() {
  return {
    name: "cubby:router-display-names",
    apply: "build",
    transform: {
      filter: { id: ROUTER_BROWSER_BUILD },
      handler(code) {
        if (this.environment.name !== "client") return null;
        const shaken = treeShakeable(code);
        return shaken === code ? null : { code: shaken, map: null };
      },
    },
  };
}
