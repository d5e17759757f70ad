/**
 * The generic confirmation prompt of spec §2 "Other": an optional icon, a
 * title, a description, a confirm button ("Okay" unless told otherwise) and an
 * optional cancel button. Escape or a tap on the backdrop counts as cancel.
 *
 * It is a native modal <dialog>, so focus is trapped and returned by the
 * browser, and the rest of the page is inert while it is open.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./Button";

export interface PromptProps {
  open: boolean;
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Called for the cancel button, Escape and a backdrop tap; without it those confirm. */
  onCancel?: () => void;
}

export function Prompt({
  open,
  icon,
  title,
  description,
  confirmLabel = "Okay",
  cancelLabel,
  onConfirm,
  onCancel,
}: PromptProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const cancel = onCancel ?? onConfirm;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  if (!open) return null;

  return (
    // A tap on the backdrop is a pointer-only gesture; keyboard users close with Escape (onCancel).
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto w-[min(22rem,calc(100vw-2.5rem))] animate-rise rounded-card bg-surface p-0 text-center shadow-float"
      onCancel={(event) => {
        // Escape: keep React in charge of closing.
        event.preventDefault();
        cancel();
      }}
      onClick={(event) => {
        // A click on the <dialog> itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) cancel();
      }}
    >
      <div className="flex flex-col items-center gap-3 px-6 pt-7 pb-6">
        {icon ? <div className="mb-1 text-brand">{icon}</div> : null}
        <h2 id={titleId} className="text-headline text-ink">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="text-callout text-ink-soft">
            {description}
          </div>
        ) : null}
        <div className="mt-3 flex w-full flex-col gap-2">
          <Button autoFocus onClick={onConfirm}>
            {confirmLabel}
          </Button>
          {cancelLabel ? (
            <Button look="quiet" onClick={cancel}>
              {cancelLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
