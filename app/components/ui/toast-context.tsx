/**
 * One toast system for the whole app (design.md house rule 1): screens call
 * `useToast()(…)`; the provider in the root shows one toast at a time at the
 * top of the screen, below the notch.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { AlertIcon } from "./icons";
import { Toast, type ToastProps } from "./Toast";

export type ToastMessage = Omit<ToastProps, "onClose">;

/** spec §9: error toasts stay 4 s. */
export const ERROR_TOAST_MS = 4000;

/** spec §8's generic error text. */
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again later.";

/** spec §8's words for a failed onboarding step, in an 'Error' toast. */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** spec §8's 'Error' toasts: the alert icon, the title 'Error', the words given, 4 s. */
export function errorToast(description: string, iconSize?: number): ToastMessage {
  return { icon: <AlertIcon size={iconSize} />, title: "Error", description, displayTime: ERROR_TOAST_MS };
}

/** A toast on screen; each gets a fresh id, so a new one restarts its timer even with the same text. */
export interface ShownToast {
  id: number;
  toast: ToastMessage;
}

/**
 * What is shown once the toast `closing` has faded out: nothing, unless another toast took its
 * place meanwhile. Its close timer can fire after the next toast was asked for but before React
 * drew it, and must not take that one away.
 */
export function afterClose(current: ShownToast | null, closing: number): ShownToast | null {
  return current?.id === closing ? null : current;
}

const ShowToast = createContext<(toast: ToastMessage) => void>(() => {});

export function useToast() {
  return useContext(ShowToast);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const lastId = useRef(0);
  const show = useCallback((toast: ToastMessage) => setCurrent({ id: ++lastId.current, toast }), []);
  const close = useCallback((id: number) => setCurrent((shown) => afterClose(shown, id)), []);
  const region = useRef<HTMLDivElement>(null);

  // A manual popover lives in the top layer: shown again for each toast, it sits
  // above a drawer or card (modal dialogs) instead of under their backdrop.
  useEffect(() => {
    const element = region.current;
    if (!current || !element || typeof element.showPopover !== "function") return;
    if (element.matches(":popover-open")) element.hidePopover();
    element.showPopover();
  }, [current]);

  return (
    <ShowToast.Provider value={show}>
      {children}
      <div
        ref={region}
        popover="manual"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-0 bottom-auto z-50 m-0 mx-auto flex h-auto w-full max-w-md overflow-visible border-0 bg-transparent p-0 px-safe pt-safe [&:not(:popover-open)]:flex"
      >
        {current ? <Toast key={current.id} {...current.toast} onClose={() => close(current.id)} /> : null}
      </div>
    </ShowToast.Provider>
  );
}
