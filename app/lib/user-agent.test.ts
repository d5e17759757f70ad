import { describe, expect, it } from "vitest";
import { classifyBrowser, isDesktopBrowser } from "./user-agent";

// Real User-Agent strings as the browsers send them.
const UA = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
  ipadSafari:
    "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1",
  iphoneFirefox:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15",
  iphoneInAppFacebook:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/500.0.0.0]",
  pixelChrome:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36",
  androidTabletChrome:
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  samsungInternet:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
  androidFirefox: "Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0",
  androidEdge:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 EdgA/138.0.0.0",
  androidWebView:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/138.0.0.0 Mobile Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0",
  windowsFirefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
  linuxHeadlessChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36",
};

describe("classifyBrowser", () => {
  it("recognises iOS Safari on iPhone and iPad", () => {
    expect(classifyBrowser(UA.iphoneSafari)).toBe("ios-safari");
    expect(classifyBrowser(UA.ipadSafari)).toBe("ios-safari");
  });

  it("recognises Chrome on iOS by its CriOS token", () => {
    expect(classifyBrowser(UA.iphoneChrome)).toBe("ios-chrome");
  });

  it("recognises Android Chrome on phones and tablets", () => {
    expect(classifyBrowser(UA.pixelChrome)).toBe("android-chrome");
    expect(classifyBrowser(UA.androidTabletChrome)).toBe("android-chrome");
  });

  it("recognises Samsung Internet even though it also says Chrome", () => {
    expect(classifyBrowser(UA.samsungInternet)).toBe("samsung-internet");
  });

  it("calls other phone browsers other-mobile, not desktop", () => {
    expect(classifyBrowser(UA.iphoneFirefox)).toBe("other-mobile");
    expect(classifyBrowser(UA.iphoneInAppFacebook)).toBe("other-mobile");
    expect(classifyBrowser(UA.androidFirefox)).toBe("other-mobile");
    expect(classifyBrowser(UA.androidEdge)).toBe("other-mobile");
    expect(classifyBrowser(UA.androidWebView)).toBe("other-mobile");
  });

  it("calls desktop browsers desktop", () => {
    for (const ua of [UA.macSafari, UA.macChrome, UA.windowsEdge, UA.windowsFirefox, UA.linuxHeadlessChrome]) {
      expect(classifyBrowser(ua)).toBe("desktop");
    }
  });

  it("treats a missing User-Agent as desktop", () => {
    expect(classifyBrowser(null)).toBe("desktop");
    expect(classifyBrowser("")).toBe("desktop");
  });
});

describe("isDesktopBrowser", () => {
  it("gates desktop browsers only", () => {
    expect(isDesktopBrowser(UA.windowsEdge)).toBe(true);
    expect(isDesktopBrowser(UA.iphoneSafari)).toBe(false);
    expect(isDesktopBrowser(UA.iphoneChrome)).toBe(false);
    expect(isDesktopBrowser(UA.pixelChrome)).toBe(false);
    expect(isDesktopBrowser(UA.samsungInternet)).toBe(false);
  });
});
