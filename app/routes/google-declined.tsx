/**
 * /google/declined: where Google's Cancel or deny lands (the callback sends
 * the parent here instead of an error). Calm words, nothing lost, and the
 * way back to where they were; for Gmail, forwarding is the other way in
 * (spec §2 "Onboarding screens" 2, 'Try another way'). Plain HTML: no
 * JavaScript is needed to read it or leave it.
 */
import type { Route } from "./+types/google-declined";
import type { RouteHandle } from "~/root";
import { ButtonAnchor } from "~/components/ui/Button";
import { Screen } from "~/components/ui/Screen";
import { readDeclined, type GoogleAccess } from "~/lib/google-declined";

export const handle: RouteHandle = { hydrate: false };

export function loader({ request }: Route.LoaderArgs) {
  return readDeclined(new URL(request.url));
}

const WORDS: Record<GoogleAccess, { title: string; lead: string }> = {
  signin: {
    title: "You're not signed in",
    lead: "Google didn't share your account with Cubby, so nothing has changed. You can sign in whenever you're ready.",
  },
  gmail: {
    title: "Gmail isn't connected",
    lead: "Cubby didn't get access to your Gmail, and nothing was shared. You can forward school emails to your own Cubby address instead.",
  },
  gcal: {
    title: "Google Calendar isn't connected",
    lead: "Cubby didn't get access to your calendar, and nothing was shared. You can connect it any time from your profile.",
  },
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${WORDS[loaderData?.access ?? "signin"].title} · Cubby` }];

export default function GoogleDeclined({ loaderData }: Route.ComponentProps) {
  const { access, back } = loaderData;
  const words = WORDS[access];
  const offerForwarding = access === "gmail" && back !== "/forward/address";
  return (
    <Screen
      mark
      title={words.title}
      lead={words.lead}
      actions={
        <>
          {/* A full page load: the landing page ships no JavaScript, and nothing here needs any. */}
          <ButtonAnchor href={back}>Go Back</ButtonAnchor>
          {offerForwarding ? (
            <ButtonAnchor look="quiet" href="/forward/address">
              Try another way
            </ButtonAnchor>
          ) : null}
        </>
      }
    />
  );
}
