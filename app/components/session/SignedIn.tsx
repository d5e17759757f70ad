/**
 * Wraps every screen that needs a signed-in parent (onboarding, the feed, the
 * profile). It loads the profile once, shares it with the screen below,
 * saves the phone's time zone when the profile has none, and when the session
 * has expired shows spec §8's prompt and sends the parent to /join to sign in
 * again.
 */
import { createContext, lazy, Suspense, useContext, type ReactNode } from "react";
import { AlertIcon } from "~/components/ui/icons";
import type { Profile } from "~/lib/profile";
import { useProfileFetch, type ProfileHandle } from "./use-profile";
import { useSaveTimeZone } from "./use-save-time-zone";

// Shown only after an API call answered 401 (never on the server's page): the prompt's code loads then (ADR 012).
const Prompt = lazy(() => import("~/components/ui/Prompt").then((module) => ({ default: module.Prompt })));

const ProfileContext = createContext<ProfileHandle | null>(null);

/** The signed-in parent's profile state, from the nearest <SignedIn>. */
export function useProfile(): ProfileHandle {
  const handle = useContext(ProfileContext);
  if (!handle) throw new Error("useProfile() is only available inside <SignedIn>.");
  return handle;
}

/** A full page load: the sign-in page ships no JavaScript and must start clean. */
function reconnect() {
  window.location.assign("/join");
}

export function SignedIn({ children, initial = null }: { children: ReactNode; initial?: Profile | null }) {
  const handle = useProfileFetch(initial);
  const expired = handle.state.status === "expired";
  useSaveTimeZone(handle.state.status === "ready" && !handle.state.profile.timezone);

  return (
    <ProfileContext.Provider value={handle}>
      {children}
      {expired ? (
        <Suspense fallback={null}>
          <Prompt
            open
            icon={<AlertIcon size={40} />}
            title="Session Expired"
            description="It's been a while since you logged in. You need to log in again."
            confirmLabel="Reconnect"
            onConfirm={reconnect}
          />
        </Suspense>
      ) : null}
    </ProfileContext.Provider>
  );
}
