import { describe, expect, it } from "vitest";
import { qrCodeSvg } from "./qr";

describe("qrCodeSvg", () => {
  it("renders a scalable SVG image with an accessible name", () => {
    const svg = qrCodeSvg("https://cubby.example", 'QR code for "https://cubby.example"');
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="QR code for &#34;https://cubby.example&#34;"');
    expect(svg).toContain('fill="#2A221D"');
  });

  it("encodes different addresses differently", () => {
    expect(qrCodeSvg("https://a.example", "a")).not.toBe(qrCodeSvg("https://b.example", "a"));
  });
});
