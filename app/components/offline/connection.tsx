/**
 * Whether the phone has a connection (ADR 023), and the calm toast an action
 * that needs Cubby's server shows instead of failing when it has none.
 */
import { useSyncExternalStore } from "react";
import { CloudOffIcon } from "~/components/ui/icons";
import type { ToastMessage } from "~/components/ui/toast-context";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** False only when the browser knows it is offline; the server and hydration assume online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

export function isOffline(): boolean {
  return typeof navigator !== "undefined" && !navigator.onLine;
}

/** `action` names what was asked, as a sentence's subject ("Adding to Google Calendar"). */
export function offlineToast(action: string): ToastMessage {
  return {
    icon: <CloudOffIcon size={22} />,
    title: "You're offline",
    description: `${action} needs a connection. Try again when you're back online.`,
  };
}
