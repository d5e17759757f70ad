/** QR codes as SVG markup (uqr), small enough to inline in server-rendered HTML. */
import { renderSVG } from "uqr";

/** `label` becomes the code's accessible name (role="img"). */
export function qrCodeSvg(text: string, label: string): string {
  const svg = renderSVG(text, {
    ecc: "M",
    border: 2,
    // One unit per module: the viewBox scales it, so bigger units only add bytes.
    pixelSize: 1,
    blackColor: "#2A221D",
    whiteColor: "#FFFFFF",
  });
  const name = label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  // Crisp module edges at any size, filling its box, with an accessible name.
  return svg.replace("<svg ", `<svg shape-rendering="crispEdges" width="100%" height="100%" role="img" aria-label="${name}" `);
}
