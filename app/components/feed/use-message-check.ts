/**
 * spec §4 "Message-check stream", kept live (ADR 022): the open feed listens
 * on a WebSocket to GET /api/checkmessages. Loading on open, progress while
 * current < total, complete when equal. Unlike the spec's Server-Sent Events
 * stream it stays open after a check completes: each message says how many
 * times jobs have stored events (`stored`), so mail that arrives later, Gmail
 * cron results and rescans reach the feed without a reload. A dropped socket
 * is opened again, at once when the app returns to the foreground or the
 * connection comes back; `onReturn` then lets the feed refresh.
 *
 * spec §4 "on stream error: closed if closed, loading if reconnecting, else
 * error", for a socket: a dropped socket that had been open is loading while it
 * is opened again; one that cannot be opened at all is an error (tried again in
 * the background); with the phone offline it is closed until the connection
 * comes back. A finished check stays shown as finished meanwhile.
 */
import { useEffect, useEffectEvent, useState } from "react";
import { setReachable } from "~/components/offline/connection";
import { LIVE_PING } from "~/lib/feed/live";
import { inOwnTask } from "~/lib/own-task";

export type CheckState =
  | { status: "loading" }
  | { status: "progress"; percent: number; eventsCount: number }
  | { status: "complete"; eventsCount: number }
  | { status: "closed" }
  | { status: "error" };

/** workers/progress.ts LiveMessage. */
export interface LiveMessage {
  currentProgress: number;
  totalProgress: number;
  eventsCount: number;
  stored: number;
}

/** Idle sockets are dropped by proxies after about 100 s; the server's runtime answers these without waking anything. */
const PING_MS = 30_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

function stateOf(message: LiveMessage): CheckState {
  if (message.currentProgress < message.totalProgress) {
    const percent = message.totalProgress ? message.currentProgress / message.totalProgress : 0;
    return { status: "progress", percent, eventsCount: message.eventsCount };
  }
  return { status: "complete", eventsCount: message.eventsCount };
}

function parse(data: unknown): LiveMessage | null {
  try {
    const message = JSON.parse(String(data)) as LiveMessage;
    return typeof message.currentProgress === "number" && typeof message.stored === "number" ? message : null;
  } catch {
    return null;
  }
}

export function useMessageCheck(enabled: boolean, onMessage: (message: LiveMessage) => void, onReturn: () => void): CheckState {
  const [state, setState] = useState<CheckState>({ status: "loading" });
  const heard = useEffectEvent(onMessage);
  const returned = useEffectEvent(onReturn);

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    return inOwnTask(() => {
      let socket: WebSocket | null = null;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let ping: ReturnType<typeof setInterval> | undefined;
      let delay = FIRST_RETRY_MS;
      let stopped = false;

      const open = () => {
        clearTimeout(retry);
        if (stopped || (socket && socket.readyState <= WebSocket.OPEN)) return;
        const scheme = location.protocol === "https:" ? "wss:" : "ws:";
        const current = new WebSocket(`${scheme}//${location.host}/api/checkmessages`);
        socket = current;
        let opened = false;
        current.addEventListener("open", () => {
          opened = true;
          setReachable(true);
          delay = FIRST_RETRY_MS;
          ping = setInterval(() => current.send(LIVE_PING), PING_MS);
        });
        current.addEventListener("message", (event) => {
          // Any answer, the keep-alive's included, says the server can be reached.
          setReachable(true);
          const message = parse(event.data);
          if (!message) return;
          heard(message);
          setState(stateOf(message));
        });
        current.addEventListener("close", () => {
          clearInterval(ping);
          if (stopped || socket !== current) return;
          socket = null;
          // Never got through: the phone has no way to Cubby (a server restart closes an open socket instead).
          if (!opened) setReachable(false);
          const next: CheckState = !navigator.onLine ? { status: "closed" } : opened ? { status: "loading" } : { status: "error" };
          setState((previous) => (previous.status === "complete" ? previous : next));
          // Offline, the `online` event opens it again; otherwise, after a pause that grows.
          if (!navigator.onLine) return;
          retry = setTimeout(open, delay);
          delay = Math.min(delay * 2, LAST_RETRY_MS);
        });
      };

      const comeBack = () => {
        if (document.visibilityState !== "visible") return;
        returned();
        delay = FIRST_RETRY_MS;
        open();
      };
      const online = () => {
        delay = FIRST_RETRY_MS;
        // A socket that outlived the outage is asked at once: its answer says the server is back.
        if (socket?.readyState === WebSocket.OPEN) socket.send(LIVE_PING);
        else open();
      };

      open();
      document.addEventListener("visibilitychange", comeBack);
      window.addEventListener("online", online);
      return () => {
        stopped = true;
        clearTimeout(retry);
        clearInterval(ping);
        document.removeEventListener("visibilitychange", comeBack);
        window.removeEventListener("online", online);
        socket?.close();
      };
    });
  }, [enabled]);

  return state;
}
