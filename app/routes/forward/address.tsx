/**
 * /forward/address: the personal forwarding address (spec §2 "Onboarding
 * screens" 10, §4 "Forwarding address"). Once the parent has copied it, Cubby
 * checks every 2 s for the first e-mail to arrive; then it confirms with a
 * toast and moves on to Ready.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/address";
import { useProfile } from "~/components/session/SignedIn";
import { afterMailSetup } from "~/lib/onboarding-end";
import { Button, ButtonLink } from "~/components/ui/Button";
import { CopyField } from "~/components/ui/CopyField";
import { CheckIcon } from "~/components/ui/screen-icons";
import { Screen } from "~/components/ui/Screen";
import { useToast } from "~/components/ui/toast-context";
import { usernameFrom } from "~/lib/forwarding-next";

export const meta: Route.MetaFunction = () => [{ title: "Personal Forwarding Address · Cubby" }];

const POLL_MS = 2000;
const CONFIRMED_TOAST_MS = 5000;

export default function PersonalForwardingAddress() {
  const navigate = useNavigate();
  const showToast = useToast();
  const { state, refresh } = useProfile();
  const onward = afterMailSetup(state.profile?.calendarProvider);
  const forwarding = state.profile?.forwardingAddress ?? null;
  const active = Boolean(forwarding?.active);
  const [copied, setCopied] = useState(false);
  const moveOn = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Poll only after copying (the parent is off sending mail) and only until it arrives.
  // The confirmation happens here, where the poll sees the change, so it runs once.
  useEffect(() => {
    if (!copied || active) return;
    const timer = setInterval(async () => {
      const next = await refresh();
      if (!next?.forwardingAddress?.active || moveOn.current) return;
      clearInterval(timer);
      showToast({
        icon: <CheckIcon />,
        title: "Forwarding Confirmed",
        description: "Your address received an email!",
        displayTime: CONFIRMED_TOAST_MS,
      });
      moveOn.current = setTimeout(() => navigate(afterMailSetup(next.calendarProvider)), CONFIRMED_TOAST_MS);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [copied, active, refresh, showToast, navigate]);

  // Leaving the screen early (Skip, Continue) cancels the pending move.
  useEffect(() => () => clearTimeout(moveOn.current), []);

  return (
    <Screen
      back="history"
      title="Personal Forwarding Address"
      lead="Forward school and sports emails to this address and Cubby turns them into events."
      actions={
        forwarding ? (
          <>
            <Button disabled={!active} onClick={() => navigate(onward)}>
              Continue
            </Button>
            <ButtonLink look="quiet" to={onward}>
              Skip
            </ButtonLink>
          </>
        ) : state.status === "ready" ? (
          <ButtonLink to={usernameFrom("/forward/address")}>Choose a Username</ButtonLink>
        ) : null
      }
    >
      {forwarding ? (
        <>
          <CopyField label="Your Cubby address" value={forwarding.address} onCopied={() => setCopied(true)} />
          <ol className="mt-6 flex flex-col gap-4 text-callout text-ink-soft">
            {[
              "Copy your address.",
              "Forward an email from your child's school, teacher or coach to it.",
              "Cubby lets you know as soon as it arrives.",
            ].map((text, index) => (
              <li key={text} className="flex items-start gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sunken text-footnote font-bold text-ink">
                  {index + 1}
                </span>
                <span className="pt-0.5">{text}</span>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-callout text-ink-soft">
            Want every school email to arrive on its own?{" "}
            <Link to="/forward/settings" className="inline-flex min-h-touch items-center font-semibold text-brand underline-offset-2 hover:underline">
              Set up Gmail forwarding
            </Link>
          </p>
          {copied && !active ? (
            <output className="mt-6 flex items-center gap-3 text-callout text-ink-soft">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-sun motion-safe:animate-ping" />
              Waiting for your first email…
            </output>
          ) : null}
        </>
      ) : state.status === "ready" ? (
        <p className="text-body text-ink-soft">
          Your address is made from a username you choose. Pick one to get your address.
        </p>
      ) : (
        <div aria-hidden="true" className="h-18 animate-pulse rounded-card bg-sunken" />
      )}
    </Screen>
  );
}
