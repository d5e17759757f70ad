/**
 * spec §2 "URL create widget": the floating button over the feed. The form it
 * opens (UrlPanel.tsx) is loaded when the parent first taps it: the first
 * screen does not need it (ADR 012).
 */
import { lazy, Suspense, use, useEffect, useRef, useState } from "react";
import { OpenInFeedContext } from "./open-in-feed";

const UrlPanel = lazy(() => import("./UrlPanel"));

function LinkIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}

/**
 * `premium`: web pages and PDFs are Premium (spec §6); a Basic parent's panel offers the upgrade instead of the form.
 * `onFound`: the page's events were saved; the widget then opens its message card over the feed.
 */
export function UrlWidget({ premium, onFound }: { premium: boolean; onFound: () => void }) {
  const feed = use(OpenInFeedContext);
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden while closed) so it keeps its URL and any fetch under way.
  const [opened, setOpened] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Set when the panel goes away with nothing to show next, so focus goes back to the button rather than to the page body.
  const refocus = useRef(false);

  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [open]);

  return (
    <>
      {open ? null : (
        <button
          ref={opener}
          type="button"
          aria-label="Grab events from a webpage"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          className="fixed right-[max(env(safe-area-inset-right),1.25rem)] bottom-[calc(max(env(safe-area-inset-bottom),1rem)+0.25rem)] z-20 flex size-14 items-center justify-center rounded-full bg-brand text-on-accent shadow-float transition active:scale-95"
        >
          <LinkIcon />
        </button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <UrlPanel
            open={open}
            premium={premium}
            onFound={(sourceId) => {
              onFound();
              feed?.open(`${feed.feedPath}/message/${encodeURIComponent(sourceId)}`);
            }}
            onClose={(again) => {
              refocus.current = again;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
