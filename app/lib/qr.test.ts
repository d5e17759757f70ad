import { describe, expect, it } from "vitest";
import { qrCodeSvg } from "./qr";

describe("qrCodeSvg", () => {
  it("renders a scalable, decorative SVG", () => {
    const svg = qrCodeSvg("https://cubby.example");
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).toContain('fill="#2A221D"');
  });

  it("encodes different addresses differently", () => {
    expect(qrCodeSvg("https://a.example")).not.toBe(qrCodeSvg("https://b.example"));
  });
});
