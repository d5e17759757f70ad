/**
 * The layout of every screen that needs a signed-in parent: it loads the
 * profile for the screens below and handles an expired session (spec §8).
 */
import { Outlet } from "react-router";
import { SignedIn } from "~/components/session/SignedIn";

export default function SignedInLayout() {
  return (
    <SignedIn>
      <Outlet />
    </SignedIn>
  );
}
