/**
 * The browser's entry: React Router's default, except that hydration waits
 * for the first frame. The server's page (the whole feed on /focus) is then
 * on screen at once, while React wakes up behind it; on a phone that is the
 * difference between reading today at once and reading it after the JavaScript.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The first date formatted in a time zone loads the browser's zone data, a
 * long pause on a phone. Paid here, in a task of its own, it stays out of the
 * feed's first render.
 */
function loadZoneData() {
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(Date.now());
}

// A frame callback runs just before the browser paints; the timeouts after it run once the frame is out.
requestAnimationFrame(() =>
  setTimeout(() => {
    loadZoneData();
    setTimeout(hydrate, 0);
  }, 0),
);
