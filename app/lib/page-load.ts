/**
 * A page load the app starts on its own (spec §8: the events call's 401 sends
 * the parent to /) must never cut short one the parent already started. The
 * old page keeps running until the new one arrives: after Log Out, a call it
 * was still making answers 401, and a second page load would abort the log
 * out's (Chromium reports net::ERR_ABORTED for it).
 *
 * `beforeunload` is the one signal every page load gives before it leaves,
 * whoever started it (a link, a typed address, a redirect). A load that never
 * replaces the page (a download, a 204) leaves it in use: the parent's next
 * touch or key, or the page shown again from the back-forward cache, says so.
 */
let leaving = false;

if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => {
    leaving = true;
  });
  const stay = () => {
    leaving = false;
  };
  window.addEventListener("pageshow", stay);
  window.addEventListener("pointerdown", stay, { capture: true });
  window.addEventListener("keydown", stay, { capture: true });
}

/** Loads `url` as a new page, unless this page is already on its way to another. */
export function loadPageUnlessLeaving(url: string): void {
  if (!leaving) window.location.assign(url);
}
