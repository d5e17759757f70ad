/**
 * An e-mail's HTML body, safely: DOMPurify runs here in the browser (loaded
 * on demand, so the feed does not ship it), remote images are parked until
 * the parent taps 'Show images', and the result goes into a sandboxed iframe
 * (no scripts) with a CSP of its own.
 */
import { useEffect, useRef, useState } from "react";
import { isRemoteImage, MESSAGE_SANDBOX, messageDocument } from "~/lib/feed/message-html";

async function sanitise(html: string, remoteImages: boolean): Promise<{ body: string; blocked: number }> {
  const { default: DOMPurify } = await import("dompurify");
  let blocked = 0;
  // Remote images are dropped while DOMPurify still works in its inert document:
  // an <img> that reached the live page with its src would already be fetching.
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "IMG" || remoteImages) return;
    const src = node.getAttribute("src") ?? "";
    if (isRemoteImage(src)) {
      node.removeAttribute("src");
      blocked++;
    }
  });
  try {
    const body = DOMPurify.sanitize(html, {
      FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed", "link", "meta", "base"],
      FORBID_ATTR: ["srcset", "background", "ping"],
    });
    return { body, blocked };
  } finally {
    DOMPurify.removeHook("afterSanitizeAttributes");
  }
}

export function MessageFrame({ html, title }: { html: string; title: string }) {
  const [remoteImages, setRemoteImages] = useState(false);
  const [doc, setDoc] = useState<{ srcdoc: string; blocked: number } | null>(null);
  const [height, setHeight] = useState(200);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let live = true;
    const dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    sanitise(html, remoteImages)
      .then(({ body, blocked }) => live && setDoc({ srcdoc: messageDocument(body, remoteImages, dark), blocked }))
      .catch((error) => console.error("Failed to sanitise message", error));
    return () => {
      live = false;
    };
  }, [html, remoteImages]);

  if (!doc) return <div aria-busy="true" className="h-40 animate-pulse rounded-field bg-sunken" />;
  return (
    <div className="flex flex-col gap-2">
      {doc.blocked > 0 ? (
        <button
          type="button"
          onClick={() => setRemoteImages(true)}
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
        srcDoc={doc.srcdoc}
        referrerPolicy="no-referrer"
        onLoad={() => {
          const body = frame.current?.contentDocument?.body;
          if (body) setHeight(Math.min(Math.max(body.scrollHeight + 16, 120), 6000));
        }}
        // Chromium matches neither :focus nor :focus-visible on a frame whose page holds focus, only :focus-within.
        className="w-full rounded-field border-0 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand"
        style={{ height }}
      />
    </div>
  );
}
