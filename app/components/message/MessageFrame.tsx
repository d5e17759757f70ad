/**
 * An e-mail's HTML body, safely. The Worker has already sanitised it and left
 * remote images out (ADR 028): this page never parses the mail, it only hands
 * the string to a sandboxed iframe (no scripts) with a CSP of its own, where
 * the browser parses it in a document apart from the parent's session. Remote
 * images come when the parent taps 'Show images': the Worker sends the body
 * again with them, and the frame's CSP lets them load.
 */
import { useMemo, useRef, useState } from "react";
import { isOffline, offlineToast } from "~/components/offline/connection";
import { useToast } from "~/components/ui/toast-context";
import { markIn } from "~/lib/feed/mark-line";
import { MESSAGE_SANDBOX, messageDocument } from "~/lib/feed/message-html";

interface MessageFrameProps {
  html: string;
  hiddenImages: number;
  withImages?: () => Promise<string>;
  title: string;
  /** An event's source line: marked in the message and scrolled to (issue 30). */
  markLine?: string | null;
}

export function MessageFrame({ html, hiddenImages, withImages, title, markLine }: MessageFrameProps) {
  const toast = useToast();
  const [shown, setShown] = useState<string | null>(null);
  const [height, setHeight] = useState(200);
  const frame = useRef<HTMLIFrameElement>(null);
  const srcdoc = useMemo(() => {
    const dark = typeof window !== "undefined" && window.matchMedia("(prefers-color-scheme: dark)").matches;
    return messageDocument(shown ?? html, shown !== null, dark);
  }, [html, shown]);

  function showImages() {
    if (!withImages) return;
    if (isOffline()) return toast(offlineToast("Showing images"));
    withImages()
      .then(setShown)
      .catch((error) => console.error("Failed to load images", error));
  }

  return (
    <div className="flex flex-col gap-2">
      {hiddenImages > 0 && shown === null && withImages ? (
        <button
          type="button"
          onClick={showImages}
          className="flex min-h-touch items-center justify-between gap-2 rounded-field bg-sunken px-4 text-left text-footnote text-ink-soft"
        >
          <span>Images from the web are hidden to protect your privacy.</span>
          <span className="font-semibold text-brand">Show images</span>
        </button>
      ) : null}
      <iframe
        ref={frame}
        title={title}
        sandbox={MESSAGE_SANDBOX}
        srcDoc={srcdoc}
        referrerPolicy="no-referrer"
        onLoad={() => {
          const body = frame.current?.contentDocument?.body;
          if (!body) return;
          // The frame is the parent's origin (sandbox allow-same-origin) but runs no script: the card marks the line from here.
          const mark = markLine ? markIn(body, markLine) : null;
          setHeight(Math.min(Math.max(body.scrollHeight + 16, 120), 6000));
          if (mark) requestAnimationFrame(() => mark.scrollIntoView({ block: "center" }));
        }}
        // Chromium matches neither :focus nor :focus-visible on a frame whose page holds focus, only :focus-within.
        className="w-full rounded-field border-0 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand"
        style={{ height }}
      />
    </div>
  );
}
