/**
 * A bottom sheet the parent can drag (spec §4): the event drawer (open,
 * maximized, closed; 300 ms) and the message card (closes beyond a quarter
 * of its height; 500 ms). A modal <dialog>, so focus is trapped and Escape,
 * the backdrop and the close button all close it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode } from "react";
import { cardClosesAfterDrag, CARD_MS, drawerAfterDrag, DRAWER_MS, type DrawerState } from "~/lib/feed/drag";
import { IconButton } from "./Button";
import { CloseIcon } from "./icons";

export function DragSheet({
  label,
  kind,
  onClose,
  header,
  children,
}: {
  label: string;
  kind: "drawer" | "card";
  onClose: () => void;
  /** Stays above the scrolling body (and is a drag handle too). */
  header?: ReactNode;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<DrawerState>(kind === "card" ? "maximized" : "open");
  const [dy, setDy] = useState(0);
  const drag = useRef<{ y: number; id: number } | null>(null);
  const duration = kind === "drawer" ? DRAWER_MS : CARD_MS;

  const content = useRef<HTMLDivElement>(null);
  // The tile (or link) that opened the sheet, to hand focus back to. Taken once:
  // a development remount of the effect must not take the sheet's own content for it.
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  // A layout effect: the sheet opens in the frame that first draws it. As a passive effect
  // after a navigation (a transition), it ran a frame or more later, the page drawn meanwhile
  // with the sheet mounted but not open.
  useLayoutEffect(() => {
    const active = document.activeElement;
    opener.current ??= active instanceof HTMLElement && active !== document.body ? active : null;
    const element = dialog.current;
    // Opening focus lands on the content (read from the top), not as a ring on the close button.
    // The dialog's own focusing steps take it there (autofocus, which React does not write as an
    // attribute): focus moves once. Focusing it after showModal() moved it twice, through the close
    // button, each move with its events and restyle: a tenth of the drawer's opening.
    if (content.current) content.current.autofocus = true;
    if (element && !element.open) element.showModal();
    else content.current?.focus({ preventScroll: true });
  }, []);
  // A passive effect's cleanup runs once the dialog has left the page (a layout effect's, before).
  useEffect(
    () => () => {
      // The route unmounts the dialog rather than closing it, so the browser does
      // not restore focus itself: without this it would fall to the page body.
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    },
    [],
  );

  useEffect(() => {
    if (state !== "closed") return;
    const timer = setTimeout(onClose, duration);
    return () => clearTimeout(timer);
  }, [state, onClose, duration]);

  const close = () => setState("closed");

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("button, a")) return;
    drag.current = { y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) setDy(event.clientY - drag.current.y);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start?.id !== event.pointerId) return;
    drag.current = null;
    const moved = event.clientY - start.y;
    setDy(0);
    if (state === "closed") return;
    if (kind === "card") {
      if (cardClosesAfterDrag(moved, dialog.current?.offsetHeight ?? window.innerHeight)) close();
      return;
    }
    setState(drawerAfterDrag(state, moved));
  };

  const height = kind === "card" || state === "maximized" ? "h-[94dvh]" : "max-h-[72dvh]";
  const offset = state === "closed" ? "100%" : `${Math.max(dy, kind === "drawer" ? -40 : 0)}px`;

  return (
    // A tap on the backdrop is a pointer-only gesture; keyboard users close with Escape (onCancel).
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label={label}
      data-state={state}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className={`fixed inset-x-0 top-auto bottom-0 m-0 mx-auto w-full max-w-md overflow-hidden rounded-t-sheet bg-surface p-0 shadow-float backdrop:transition-opacity motion-safe:animate-sheet-up ${height}`}
      style={{
        transform: `translateY(${offset})`,
        transition: dy ? "none" : `transform ${duration}ms var(--ease-soft), height ${duration}ms var(--ease-soft), max-height ${duration}ms var(--ease-soft)`,
      }}
    >
      <div className={`flex flex-col ${height}`}>
        <div
          data-drag-handle
          className="relative shrink-0 cursor-grab touch-none select-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <div className="flex justify-center pt-2.5 pb-1">
            <span aria-hidden="true" className="h-1.5 w-10 rounded-full bg-line-strong" />
          </div>
          <IconButton label="Close" onClick={close} className="absolute top-1.5 right-2 z-10 text-ink-soft">
            <CloseIcon size={20} />
          </IconButton>
          {header}
        </div>
        <div ref={content} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 pt-2 pb-safe outline-none">
          {children}
        </div>
      </div>
    </dialog>
  );
}
