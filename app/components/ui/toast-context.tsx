/**
 * One toast system for the whole app (design.md house rule 1): screens call
 * `useToast()(…)`; the provider in the root shows one toast at a time at the
 * top of the screen, below the notch.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Toast, type ToastProps } from "./Toast";

export type ToastMessage = Omit<ToastProps, "onClose">;

const ShowToast = createContext<(toast: ToastMessage) => void>(() => {});

export function useToast() {
  return useContext(ShowToast);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  // Each toast gets a fresh id so a new one restarts its timer even with the same text.
  const [current, setCurrent] = useState<{ id: number; toast: ToastMessage } | null>(null);
  const show = useCallback((toast: ToastMessage) => setCurrent({ id: Date.now(), toast }), []);
  const close = useCallback(() => setCurrent(null), []);

  return (
    <ShowToast.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-0 z-50 mx-auto flex max-w-md px-safe pt-safe"
      >
        {current ? <Toast key={current.id} {...current.toast} onClose={close} /> : null}
      </div>
    </ShowToast.Provider>
  );
}
