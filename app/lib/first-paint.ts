/**
 * A page's modules wait for its first paint (app/.server/paint-first.ts, ADR
 * 012 part 4); a browser that reports no paint, or a page opened behind
 * another tab, starts the app after this long at the latest.
 */
export const FIRST_PAINT_TIMEOUT_MS = 3000;
