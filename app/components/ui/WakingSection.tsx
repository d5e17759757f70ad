/**
 * A part of a server-drawn page whose code loads on its own (a lazy
 * component). The page wakes when React has hydrated it (root.tsx), but this
 * part is hydrated only once its code has arrived: until then a tap on one of
 * its buttons would reach server HTML with nothing behind it and be lost. So
 * it carries `data-waking` of its own, and its buttons ignore taps (app.css)
 * until React has taken it over.
 */
import { Suspense, useSyncExternalStore, type ReactNode } from "react";

const unchanging = () => () => {};

export function WakingSection({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Waking>{children}</Waking>
    </Suspense>
  );
}

function Waking({ children }: { children: ReactNode }) {
  // The server's value while React hydrates this boundary (whenever that is), the browser's after:
  // useBrowserValue reads "awake" from the page, which wakes before this part does.
  const awake = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  return (
    <div className="contents" data-waking={awake ? undefined : ""}>
      {children}
    </div>
  );
}
