/**
 * Fetches the signed-in parent's profile (spec §7 `GET /api/user/profile`,
 * cancellable) and says whether the session has expired (spec §8: a 401).
 * Other failures are only logged, as the spec asks.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Profile } from "~/lib/profile";

export type ProfileState =
  | { status: "loading"; profile: null }
  | { status: "ready"; profile: Profile }
  | { status: "expired"; profile: null }
  | { status: "failed"; profile: null };

export interface ProfileHandle {
  state: ProfileState;
  /** Fetches again without blanking what is shown (the forwarding poll uses it). */
  refresh: () => Promise<Profile | null>;
}

export function useProfileFetch(): ProfileHandle {
  const [state, setState] = useState<ProfileState>({ status: "loading", profile: null });
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(async (): Promise<Profile | null> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const response = await fetch("/api/user/profile", {
        credentials: "include",
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (response.status === 401) {
        setState({ status: "expired", profile: null });
        return null;
      }
      if (!response.ok) throw new Error(`Profile answered ${response.status}`);
      const { user } = (await response.json()) as { user: Profile };
      setState({ status: "ready", profile: user });
      return user;
    } catch (error) {
      if (controller.signal.aborted) return null;
      console.error("Failed to fetch profile data", error);
      // Keep a profile already on screen; a failed refresh is not a sign-out.
      setState((previous) => (previous.status === "ready" ? previous : { status: "failed", profile: null }));
      return null;
    }
  }, []);

  useEffect(() => {
    void refresh();
    return () => inFlight.current?.abort();
  }, [refresh]);

  return { state, refresh };
}
