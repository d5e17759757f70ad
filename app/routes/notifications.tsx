/**
 * /notifications: turning on reminders (spec §2 "Onboarding screens" 8, §4
 * "Push permission"). This screen asks the browser for permission and, once
 * granted, subscribes this device for reminders; on iPhone and iPad, Cubby
 * must be on the home screen first. Reminders are Premium (spec §6): a Basic
 * parent sees the Premium tag and Upgrade instead of a permission to give for
 * reminders that would never come (issue 31).
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/notifications";
import { enablePush, PushUnsupported, pushSupport, type PushSupport } from "~/components/push/push-client";
import { Button, ButtonLink } from "~/components/ui/Button";
import { BellIcon } from "~/components/ui/icons";
import { Screen } from "~/components/ui/Screen";
import { useBrowserValue } from "~/components/ui/use-hydrated";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { useProfile } from "~/components/session/SignedIn";
import { PremiumPill } from "~/components/upgrade/PremiumPill";
import { useBillingLink } from "~/components/upgrade/use-billing-link";
import { isPremium, PREMIUM_PUSH } from "~/lib/subscription";

export const meta: Route.MetaFunction = () => [{ title: "Enable Notifications · Cubby" }];

export default function EnableNotifications() {
  const { state } = useProfile();
  const basic = state.status === "ready" && !isPremium(state.profile.subscription.subscriptionStatus);
  const checkout = useBillingLink("checkout");
  const navigate = useNavigate();
  const showToast = useToast();
  const support = useBrowserValue<PushSupport | "unknown">(pushSupport, "unknown");
  const [asking, setAsking] = useState(false);

  async function ask() {
    setAsking(true);
    let permission: NotificationPermission;
    try {
      permission = await enablePush();
    } catch (error) {
      setAsking(false);
      // spec §4: a browser without push skips messaging.
      if (error instanceof PushUnsupported) return navigate("/focus");
      console.error("Failed to turn on notifications", error);
      return showToast(errorToast(UNEXPECTED_ERROR));
    }
    setAsking(false);
    if (permission === "denied") return window.alert("Notifications permission denied.");
    if (permission === "granted") navigate("/focus");
  }

  return (
    <Screen
      back="history"
      hero={
        <span className="flex size-20 items-center justify-center rounded-[24px] bg-sun-soft text-[#b7791f]">
          <BellIcon size={40} />
        </span>
      }
      title="Enable Notifications"
      lead="Get a reminder before the events that matter, right on your phone."
      actions={
        <>
          {basic ? (
            <Button onClick={checkout.open} disabled={checkout.opening} aria-busy={checkout.opening}>
              Upgrade
            </Button>
          ) : support === "install-first" ? (
            <ButtonLink to="/install">Install App</ButtonLink>
          ) : (
            <Button disabled={support !== "supported" || asking} onClick={() => void ask()}>
              Allow Notifications
            </Button>
          )}
          <ButtonLink look="quiet" to="/focus">
            Do this later
          </ButtonLink>
        </>
      }
    >
      {basic ? (
        <p className="flex items-center gap-2 text-body text-ink-soft">
          <PremiumPill />
          {PREMIUM_PUSH}
        </p>
      ) : null}
      {!basic && support === "install-first" ? (
        <p className="text-body text-ink-soft">
          On iPhone and iPad, notifications work once Cubby is added to your home screen.
        </p>
      ) : null}
      {!basic && support === "unsupported" ? (
        <p className="text-body text-ink-soft">This browser can't show notifications.</p>
      ) : null}
    </Screen>
  );
}
