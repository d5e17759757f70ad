/**
 * The toast of spec §2 "Other" and §4: an icon, a title, a description; it
 * stays for its display time (5000 ms unless told), fades out, and closes
 * 200 ms later. Its close button starts the fade at once.
 */
import { useEffect, useState, type ReactNode } from "react";
import { CloseIcon } from "./icons";

export const TOAST_DISPLAY_MS = 5000;
export const TOAST_FADE_MS = 200;

export interface ToastProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  displayTime?: number;
  onClose: () => void;
}

export function Toast({ icon, title, description, displayTime = TOAST_DISPLAY_MS, onClose }: ToastProps) {
  const [fading, setFading] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setFading(true), displayTime);
    return () => clearTimeout(timer);
  }, [displayTime]);

  useEffect(() => {
    if (!fading) return;
    const timer = setTimeout(onClose, TOAST_FADE_MS);
    return () => clearTimeout(timer);
  }, [fading, onClose]);

  return (
    // No role of its own: the provider's container is the polite live region that announces it.
    <div
      className="pointer-events-auto flex w-full items-start gap-3 rounded-card border border-line bg-surface/95 p-4 shadow-float backdrop-blur-md transition-opacity ease-out motion-safe:animate-rise"
      style={{ opacity: fading ? 0 : 1, transitionDuration: `${TOAST_FADE_MS}ms` }}
    >
      {icon ? <div className="mt-0.5 shrink-0 text-brand">{icon}</div> : null}
      <div className="min-w-0 flex-1">
        <p className="text-callout font-semibold text-ink">{title}</p>
        {description ? <p className="text-callout break-words text-ink-soft">{description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => setFading(true)}
        className="-m-2 inline-flex size-touch shrink-0 items-center justify-center rounded-full text-ink-faint hover:text-ink"
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
