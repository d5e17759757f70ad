/**
 * Which browser a parent is using, read from the User-Agent string alone so the
 * server can decide before any JavaScript runs (the landing page ships none).
 *
 * spec §1 "Desktop gate": Cubby is for phones; iOS Safari, Chrome on iOS,
 * Android Chrome and Samsung Internet are the supported browsers, and the
 * install instructions (spec §2 "Other") are written for exactly those four.
 */
export type Browser =
  | "ios-safari"
  | "ios-chrome"
  | "android-chrome"
  | "samsung-internet"
  | "other-mobile"
  | "desktop";

const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const ANDROID = /\bAndroid\b/;
// Other browsers on iOS all use WebKit but announce themselves with their own token.
const IOS_OTHER_BROWSERS = /\b(FxiOS|EdgiOS|OPiOS|OPT|YaBrowser|DuckDuckGo|GSA|FBAN|FBAV|Instagram)\b/;
// Chromium-based Android browsers that say "Chrome/" but are not Chrome.
const ANDROID_OTHER_CHROMIUM = /\b(EdgA|OPR|YaBrowser|UCBrowser|MiuiBrowser|HuaweiBrowser|DuckDuckGo|Brave|wv)\b/;
// Generic phone/tablet markers for browsers outside the supported four.
const OTHER_MOBILE = /\b(Mobile|Mobi|Tablet|Opera Mini|IEMobile|Windows Phone|KaiOS|BlackBerry|BB10)\b/;

export function classifyBrowser(userAgent: string | null | undefined): Browser {
  const ua = userAgent ?? "";
  if (IOS_DEVICE.test(ua)) {
    if (/\bCriOS\//.test(ua)) return "ios-chrome";
    if (IOS_OTHER_BROWSERS.test(ua)) return "other-mobile";
    if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua)) return "ios-safari";
    return "other-mobile";
  }
  if (ANDROID.test(ua)) {
    if (/\bSamsungBrowser\//.test(ua)) return "samsung-internet";
    if (/\bChrome\//.test(ua) && !ANDROID_OTHER_CHROMIUM.test(ua) && !/; wv\)/.test(ua)) {
      return "android-chrome";
    }
    return "other-mobile";
  }
  if (OTHER_MOBILE.test(ua)) return "other-mobile";
  return "desktop";
}

/**
 * True when the "Designed for Mobile" dialog must be shown. Only desktop
 * browsers are gated; a phone in an unsupported browser still gets the app
 * (and later the "only mobile is supported" install message).
 *
 * Known limit: iPadOS Safari in its default "desktop website" mode sends a
 * macOS User-Agent, which cannot be told apart from a Mac on the server.
 */
export function isDesktopBrowser(userAgent: string | null | undefined): boolean {
  return classifyBrowser(userAgent) === "desktop";
}
