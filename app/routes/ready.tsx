/**
 * /join/success: the end of onboarding (spec §2 "Onboarding screens" 6). The
 * tutorial comes next until the parent has seen it, then the feed.
 */
import type { Route } from "./+types/ready";
import { ReadyCheck } from "~/components/onboarding/ReadyCheck";
import { useProfile } from "~/components/session/SignedIn";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Screen } from "~/components/ui/Screen";
import { afterReady } from "~/lib/profile";

export const meta: Route.MetaFunction = () => [{ title: "Ready · Cubby" }];

export default function Ready() {
  const { state } = useProfile();
  return (
    <Screen
      centered
      hero={<ReadyCheck />}
      title="Ready"
      lead="You're all set. Cubby keeps your kids' schedule up to date from here."
      actions={
        state.status === "ready" ? (
          <ButtonLink to={afterReady(state.profile)}>Continue</ButtonLink>
        ) : (
          <Button disabled>Continue</Button>
        )
      }
    />
  );
}
