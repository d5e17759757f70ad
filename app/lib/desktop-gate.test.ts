import { describe, expect, it } from "vitest";
import { desktopGate } from "./desktop-gate";

const DESKTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

const at = (path: string) => new URL(path, "http://localhost:5173");

describe("desktopGate", () => {
  it("never shows on a phone", () => {
    expect(desktopGate({ url: at("/"), userAgent: IPHONE, cookieHeader: null, dev: false })).toEqual({
      kind: "none",
    });
  });

  it("shows on desktop and cannot be dismissed in production", () => {
    const request = { userAgent: DESKTOP, cookieHeader: "cubby_desktop=1", dev: false };
    expect(desktopGate({ ...request, url: at("/focus") })).toEqual({ kind: "show", dismissible: false });
    expect(desktopGate({ ...request, url: at("/focus?desktop=1") })).toEqual({
      kind: "show",
      dismissible: false,
    });
  });

  it("is dismissible in development", () => {
    expect(desktopGate({ url: at("/"), userAgent: DESKTOP, cookieHeader: null, dev: true })).toEqual({
      kind: "show",
      dismissible: true,
    });
  });

  it("turns ?desktop=1 into a cookie and a redirect to the same page without it", () => {
    const gate = desktopGate({
      url: at("/join/child?desktop=1&step=2"),
      userAgent: DESKTOP,
      cookieHeader: null,
      dev: true,
    });
    expect(gate.kind).toBe("dismiss");
    if (gate.kind !== "dismiss") return;
    expect(gate.location).toBe("/join/child?step=2");
    expect(gate.setCookie).toMatch(/^cubby_desktop=1; Path=\//);
  });

  it("returns to a path on this site even when the path starts with //", () => {
    const gate = desktopGate({ url: new URL("http://localhost:5173//evil.example/?desktop=1"), userAgent: DESKTOP, cookieHeader: null, dev: true });
    if (gate.kind !== "dismiss") throw new Error("expected a dismissal");
    expect(gate.location).toBe("/evil.example/");
  });

  it("stays dismissed while the cookie is there", () => {
    expect(
      desktopGate({ url: at("/focus"), userAgent: DESKTOP, cookieHeader: "a=b; cubby_desktop=1", dev: true }),
    ).toEqual({ kind: "none" });
  });
});
