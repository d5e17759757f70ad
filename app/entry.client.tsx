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

// A frame callback runs just before the browser paints; the timeout after it runs once the frame is out.
requestAnimationFrame(() => setTimeout(hydrate, 0));
