/**
 * When a parent presses Cancel or denies on Google's consent screen, Google
 * sends them back with `error=access_denied`. Cubby answers with its own
 * calm screen and a way back to where they were: the landing page for
 * sign-in, the screen that asked for Gmail or Calendar otherwise. The way
 * back travels in the URL, so the screen takes only paths it knows.
 */
export type GoogleAccess = "signin" | "gmail" | "gcal";

export const DECLINED_PATH = "/google/declined";

/** The screens that ask for access in onboarding, for a grant that would have gone on to its default next step. */
const ASKED_FROM: Record<Exclude<GoogleAccess, "signin">, string> = {
  gmail: "/join/email",
  gcal: "/join/calendar",
};

/** Every place a grant can be asked from or return to; anything else goes back to the asking screen. */
const BACK_PATHS = new Set(["/", "/join/email", "/join/calendar", "/add/calendar", "/forward/address", "/profile", "/focus"]);

/**
 * Where "Go Back" leads. `returnTo` is where the grant would have gone on
 * to; when that is the onboarding default, the parent came from the asking
 * screen itself.
 */
export function declinedBack(access: GoogleAccess, returnTo: string, defaultNext: string | null): string {
  if (access === "signin") return "/";
  return !returnTo || returnTo === defaultNext ? ASKED_FROM[access] : returnTo;
}

export function declinedUrl(access: GoogleAccess, back: string): string {
  return `${DECLINED_PATH}?${new URLSearchParams({ access, back })}`;
}

/** What the screen shows, from its URL; unknown values fall back to signing in and the landing page. */
export function readDeclined(url: URL): { access: GoogleAccess; back: string } {
  const raw = url.searchParams.get("access");
  const access: GoogleAccess = raw === "gmail" || raw === "gcal" ? raw : "signin";
  const back = url.searchParams.get("back") ?? "";
  const fallback = access === "signin" ? "/" : ASKED_FROM[access];
  return { access, back: BACK_PATHS.has(back) ? back : fallback };
}
