/**
 * spec §4 "Message-check stream": GET /api/checkmessages as Server-Sent
 * Events. Loading on open, progress while current < total, complete when
 * equal (closed; events refetched when it found some). On an error: closed if
 * closed, loading if the browser reconnects, else error.
 */
import { useEffect, useEffectEvent, useState } from "react";

export type CheckState =
  | { status: "loading" }
  | { status: "progress"; percent: number; eventsCount: number }
  | { status: "complete"; eventsCount: number }
  | { status: "closed" }
  | { status: "error" };

interface Progress {
  currentProgress: number;
  totalProgress: number;
  eventsCount: number;
}

export function useMessageCheck(enabled: boolean, onFound: (progress: Progress) => void): CheckState {
  const [state, setState] = useState<CheckState>({ status: "loading" });
  const found = useEffectEvent(onFound);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/checkmessages", { withCredentials: true });
    source.addEventListener("message", (message) => {
      let progress: Progress;
      try {
        progress = JSON.parse(message.data as string) as Progress;
      } catch {
        return;
      }
      found(progress);
      if (progress.currentProgress < progress.totalProgress) {
        const percent = progress.totalProgress ? progress.currentProgress / progress.totalProgress : 0;
        setState({ status: "progress", percent, eventsCount: progress.eventsCount });
      } else {
        source.close();
        setState({ status: "complete", eventsCount: progress.eventsCount });
      }
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) setState({ status: "closed" });
      else if (source.readyState === EventSource.CONNECTING) setState({ status: "loading" });
      else setState({ status: "error" });
    });
    return () => source.close();
  }, [enabled]);

  return state;
}
