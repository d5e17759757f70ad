/**
 * The layout of every screen that needs a signed-in parent: it loads the
 * profile for the screens below and handles an expired session (spec §8).
 * The profile comes with the page, so a screen is drawn whole on the server
 * instead of waiting for JavaScript and a second request.
 */
import { data, Outlet } from "react-router";
import type { Route } from "./+types/signed-in";
import { signedInParent } from "~/.server/signed-in";
import { cloudflareContext } from "~/context";
import { profile } from "~/.server/users";
import { SignedIn } from "~/components/session/SignedIn";
import type { Profile } from "~/lib/profile";

export async function loader({ context, request }: Route.LoaderArgs) {
  const parent = await signedInParent(context, request);
  // No session: the screen asks /api/user/profile, whose 401 brings up 'Session Expired'.
  if (!parent) return { profile: null };
  const found = (await profile(parent.db, context.get(cloudflareContext).env, parent.userId)) as Profile | null;
  return data({ profile: found }, parent.setCookie ? { headers: { "Set-Cookie": parent.setCookie } } : undefined);
}

// The page holds one parent's profile and events: never kept by a shared cache.
// (React Router adds the loader's Set-Cookie to these.)
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

// Screens refresh the profile themselves (useProfile().refresh) when they change it.
export function shouldRevalidate() {
  return false;
}

export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedIn initial={loaderData.profile}>
      <Outlet />
    </SignedIn>
  );
}
