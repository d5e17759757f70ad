/**
 * Fetches the signed-in parent's profile (spec §7 `GET /api/user/profile`,
 * cancellable) and says whether the session has expired (spec §8: a 401).
 * Other failures are only logged, as the spec asks.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
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

/** One profile request; `null` when it was cancelled. */
async function fetchProfile(signal: AbortSignal): Promise<ProfileState | null> {
  try {
    const response = await fetch("/api/user/profile", {
      credentials: "include",
      signal,
      headers: { Accept: "application/json" },
    });
    if (response.status === 401) return { status: "expired", profile: null };
    if (!response.ok) throw new Error(`Profile answered ${response.status}`);
    const { user } = (await response.json()) as { user: Profile };
    return { status: "ready", profile: user };
  } catch (error) {
    if (signal.aborted) return null;
    console.error("Failed to fetch profile data", error);
    return { status: "failed", profile: null };
  }
}

/** `initial`: the profile the page came with (the signed-in layout's loader), when there was a session. */
export function useProfileFetch(initial: Profile | null = null): ProfileHandle {
  const [state, setState] = useState<ProfileState>(() =>
    initial ? { status: "ready", profile: initial } : { status: "loading", profile: null },
  );
  const arrivedWithPage = useRef(initial !== null);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async (): Promise<Profile | null> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const next = await fetchProfile(controller.signal);
    if (!next) return null;
    // Keep a profile already on screen: a failed refresh is not a sign-out.
    setState((previous) => (next.status === "failed" && previous.status === "ready" ? previous : next));
    return next.profile;
  }, []);

  useEffect(() => {
    if (arrivedWithPage.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    void fetchProfile(controller.signal).then((next) => next && setState(next));
    return () => controller.abort();
  }, []);

  // One object while neither changes: the signed-in layout is drawn again on every navigation, and a
  // new handle each time drew every screen that reads the profile again with it (the whole feed when
  // a drawer opened or closed, ADR 034).
  return useMemo(() => ({ state, refresh: load }), [state, load]);
}
