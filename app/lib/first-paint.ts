/**
 * A page's modules wait for its first paint (app/.server/paint-first.ts, ADR
 * 012 part 4). What the page and its tests share about that wait.
 */

/** A browser that reports no paint, or a page opened behind another tab, starts the app after this long at the latest. */
export const FIRST_PAINT_TIMEOUT_MS = 3000;
/** The rel a held `modulepreload` link carries until the page has been painted. */
export const HELD_PRELOAD_REL = "modulepreload-after-paint";
/** The type React Router's module script carries until the page has been painted. */
export const HELD_MODULE_TYPE = "text/module-after-paint";
