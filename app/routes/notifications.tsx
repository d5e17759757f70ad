/**
 * /notifications: turning on reminders (spec §2 "Onboarding screens" 8, §4
 * "Push permission"). This screen asks the browser for permission; on iPhone
 * and iPad, Cubby must be on the home screen first.
 */
import { useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/notifications";
import { Button, ButtonLink } from "~/components/ui/Button";
import { BellIcon } from "~/components/ui/icons";
import { Screen } from "~/components/ui/Screen";

export const meta: Route.MetaFunction = () => [{ title: "Enable Notifications · Cubby" }];

type Support = "unknown" | "supported" | "install-first" | "unsupported";

function readSupport(): Support {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const installed = window.matchMedia("(display-mode: standalone)").matches;
  if (ios && !installed) return "install-first";
  return "Notification" in window ? "supported" : "unsupported";
}

const noSubscription = () => () => {};

export default function EnableNotifications() {
  const navigate = useNavigate();
  const support = useSyncExternalStore<Support>(noSubscription, readSupport, () => "unknown");
  const [asking, setAsking] = useState(false);

  async function ask() {
    setAsking(true);
    const permission = await Notification.requestPermission();
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
          {support === "install-first" ? (
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
      {support === "install-first" ? (
        <p className="text-body text-ink-soft">
          On iPhone and iPad, notifications work once Cubby is added to your home screen.
        </p>
      ) : null}
      {support === "unsupported" ? (
        <p className="text-body text-ink-soft">This browser can't show notifications.</p>
      ) : null}
    </Screen>
  );
}
