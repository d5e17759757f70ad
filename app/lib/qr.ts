/** QR codes as SVG markup (uqr), small enough to inline in server-rendered HTML. */
import { renderSVG } from "uqr";

export function qrCodeSvg(text: string): string {
  const svg = renderSVG(text, {
    ecc: "M",
    border: 2,
    // One unit per module: the viewBox scales it, so bigger units only add bytes.
    pixelSize: 1,
    blackColor: "#2A221D",
    whiteColor: "#FFFFFF",
  });
  // Crisp module edges at any size, and no stray width/height to fight the layout.
  return svg.replace("<svg ", '<svg shape-rendering="crispEdges" width="100%" height="100%" aria-hidden="true" ');
}
