/**
 * The page is painted before the app's JavaScript is fetched (ADR 012 part 4).
 *
 * React Router's <Scripts> asks for every module of the route at once: the
 * `modulepreload` links in the head start the downloads while the page is
 * still arriving, and the inline module script runs as soon as the page is
 * parsed. On a phone's first visit those 110 kB share the line with the page
 * itself, and a parent waits longer for a feed the server has already drawn.
 *
 * So the page leaves the server with both held: the links get a rel no
 * browser knows, and the module script a type no browser runs. A small inline
 * script lets them go once the first contentful paint is out; after the next
 * frame where paints are not reported, or once a page opened behind another
 * tab is shown; and after FIRST_PAINT_TIMEOUT_MS whatever happened. Taps wait
 * for React as they did (`data-waking` in root.tsx), and a returning parent's
 * modules come from the cache, so what is lost is one download's head start
 * on a first visit.
 */
import { FIRST_PAINT_TIMEOUT_MS, HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "~/lib/first-paint";

/**
 * Runs in the page, right after the held module script. It copies that script
 * into a new one (a script the parser skipped never runs, whatever its type
 * becomes) with the page's nonce, which the Content-Security-Policy asks of
 * every inline script (ADR 018).
 *
 * Each download is asked for in a task of its own, and the module script comes
 * last, when every module it imports is already on its way: asking for one
 * takes a few milliseconds of the main thread on a phone, and all of them at
 * once made one long task just as the page had become readable.
 */
const RELEASE_AFTER_PAINT = `(() => {
  const held = document.currentScript.previousElementSibling;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    for (const link of document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]')) {
      setTimeout(() => (link.rel = "modulepreload"), 0);
    }
    setTimeout(() => {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      document.head.append(script);
    }, 0);
  };
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(release, 0));
  if (document.visibilityState === "hidden") {
    document.addEventListener("visibilitychange", afterNextFrame, { once: true });
  } else if (window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      release();
    }).observe({ type: "paint", buffered: true });
  } else {
    afterNextFrame();
  }
  setTimeout(release, ${FIRST_PAINT_TIMEOUT_MS});
})()`;

/** Holds the page's module loading until its first paint (see above). A page without scripts passes unchanged. */
export function paintFirst(page: Response, nonce: string | undefined): Response {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", HELD_PRELOAD_REL);
      },
    })
    .on('script[type="module"]:not([src])', {
      element(script) {
        script.setAttribute("type", HELD_MODULE_TYPE);
        script.after(`<script${nonceAttribute}>${RELEASE_AFTER_PAINT}</script>`, { html: true });
      },
    })
    .transform(page);
}
