/**
 * WCAG 2.2 contrast: relative luminance and the contrast ratio of two sRGB
 * colours, and the colour tokens of app/app.css in light and dark mode, so a
 * test can hold every text colour to 4.5:1 on the surfaces it sits on.
 */

/** "#rrggbb" → relative luminance (WCAG 2.2, "relative luminance"). */
export function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(match[1]!.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

export type ColourTokens = Record<string, string>;

function colourTokens(block: string): ColourTokens {
  return Object.fromEntries([...block.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((match) => [match[1]!, match[2]!.toLowerCase()]));
}

/**
 * The `--color-*` tokens of the stylesheet: light from `@theme`, dark being
 * light with the `prefers-color-scheme: dark` block's values over it.
 */
export function themeColours(css: string): { light: ColourTokens; dark: ColourTokens } {
  const theme = /@theme\s*\{([\s\S]*?)\n\}/.exec(css)?.[1];
  const darkStart = css.indexOf("prefers-color-scheme: dark");
  if (!theme || darkStart < 0) throw new Error("No @theme block or dark-mode block in the stylesheet.");
  // The dark block's :root { … } holds only declarations: it ends at its first closing brace.
  const darkBlock = css.slice(darkStart, css.indexOf("}", darkStart));
  const light = colourTokens(theme);
  return { light, dark: { ...light, ...colourTokens(darkBlock) } };
}
