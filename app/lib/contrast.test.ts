import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrastRatio, themeColours } from "./contrast";

/** WCAG 2.2 AA, 1.4.3: body-size text. */
const AA_TEXT = 4.5;

/**
 * Each text colour and the backgrounds it is drawn on in the app (the
 * surfaces, the soft fills of chips and pills, the accent fills of the
 * today circle and buttons). A new pairing in a component belongs here.
 */
const TEXT_ON: Record<string, string[]> = {
  ink: ["canvas", "surface", "sunken", "brand-soft", "sun-soft", "sky-soft", "sage-soft"],
  "ink-soft": ["canvas", "surface", "sunken", "brand-soft", "sun-soft", "sky-soft"],
  "ink-faint": ["canvas", "surface", "sunken"],
  "on-ink": ["ink"],
  brand: ["canvas", "surface", "sunken", "brand-soft"],
  "brand-strong": ["canvas", "surface", "brand-soft"],
  "sun-strong": ["sun-soft"],
  sage: ["canvas", "surface", "sage-soft"],
  sky: ["surface", "sky-soft"],
  success: ["canvas", "surface"],
  danger: ["canvas", "surface", "sunken"],
  "on-accent": ["brand", "sky"],
};

const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
const themes = themeColours(css);

describe("contrastRatio", () => {
  it("gives WCAG's extremes and is symmetric", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(contrastRatio("#ffffff", "#767676"), 10);
    // #767676 is the classic lightest grey that passes AA on white (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

describe.each(["light", "dark"] as const)("the %s theme's text colours", (mode) => {
  const tokens = themes[mode];
  const pairs = Object.entries(TEXT_ON).flatMap(([text, backgrounds]) => backgrounds.map((background) => [text, background] as const));

  it.each(pairs)("reads %s on %s at 4.5:1 or more", (text, background) => {
    const [fg, bg] = [tokens[text], tokens[background]];
    expect(fg, `--color-${text}`).toBeDefined();
    expect(bg, `--color-${background}`).toBeDefined();
    expect(contrastRatio(fg!, bg!)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
