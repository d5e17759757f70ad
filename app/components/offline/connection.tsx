/**
 * Whether the phone has a connection (ADR 024), and the calm toast an action
 * that needs Cubby's server shows instead of failing when it has none.
 */
import { useSyncExternalStore } from "react";
import { CloudOffIcon } from "~/components/ui/icons";
import type { ToastMessage } from "~/components/ui/toast-context";

/**
 * Whether Cubby's server answered last time it was asked. navigator.onLine
 * alone is not enough: a phone on a network without internet (the field's
 * weak Wi-Fi) says it is online. The live socket and the events fetch report here.
 */
let unreachable = false;
const listeners = new Set<() => void>();

export function setReachable(reachable: boolean) {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

function online(): boolean {
  return navigator.onLine && !unreachable;
}

/** False when the browser knows it is offline or Cubby's server could not be reached; the server and hydration assume online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}

export function isOffline(): boolean {
  return typeof navigator !== "undefined" && !online();
}

/** `action` names what was asked, as a sentence's subject ("Adding to Google Calendar"). */
export function offlineToast(action: string): ToastMessage {
  return {
    icon: <CloudOffIcon size={22} />,
    title: "You're offline",
    description: `${action} needs a connection. Try again when you're back online.`,
  };
}
