/**
 * A bottom sheet: a modal <dialog> that slides up from the bottom edge.
 * Escape, the backdrop and the close button all close it; the sheet slides
 * away first and `onClose` runs after the 300 ms transition (spec §4, §9).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { IconButton } from "./Button";
import { CloseIcon } from "./icons";

export const SHEET_TRANSITION_MS = 300;

export function Sheet({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(onClose, SHEET_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [closing, onClose]);

  const close = () => setClosing(true);

  return (
    // A tap on the backdrop is a pointer-only gesture; keyboard users close with Escape (onCancel).
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className={`fixed inset-x-0 top-auto bottom-0 m-0 mx-auto max-h-[92dvh] w-full max-w-md overflow-hidden rounded-t-sheet bg-surface p-0 shadow-float transition-transform ease-out ${
        closing ? "translate-y-full" : "animate-sheet-up"
      }`}
      style={{ transitionDuration: `${SHEET_TRANSITION_MS}ms` }}
    >
      <div className="flex max-h-[92dvh] flex-col">
        <div className="relative flex justify-center pt-2.5 pb-1">
          <span aria-hidden="true" className="h-1.5 w-10 rounded-full bg-line-strong" />
          <IconButton label="Close" onClick={close} className="absolute top-1.5 right-2 text-ink-soft">
            <CloseIcon size={20} />
          </IconButton>
        </div>
        <div className="overflow-y-auto px-6 pt-2 pb-safe">{children}</div>
      </div>
    </dialog>
  );
}
