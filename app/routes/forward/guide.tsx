/**
 * Every step of the Gmail forwarding guide (/forward/settings … /forward/success)
 * and the filter guide (/filter/settings … /filter/success), keyed by path
 * (spec §2 "Onboarding screens" 9). The step table is app/lib/email-guides.ts.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/guide";
import { Emphasis } from "~/components/onboarding/Emphasis";
import { FilterFromDemo } from "~/components/onboarding/FilterFromDemo";
import { ReadyCheck } from "~/components/onboarding/ReadyCheck";
import { useProfile } from "~/components/session/SignedIn";
import { afterMailSetup, READY } from "~/lib/onboarding-end";
import { ButtonAnchor, ButtonLink } from "~/components/ui/Button";
import { CopyField } from "~/components/ui/CopyField";
import { ExternalIcon } from "~/components/ui/screen-icons";
import { NotFoundScreen } from "~/components/ui/NotFoundScreen";
import { Screen } from "~/components/ui/Screen";
import { usernameFrom } from "~/lib/forwarding-next";
import { GMAIL_SETTINGS, guideStep, type GuideName } from "~/lib/email-guides";
import type { ForwardingConfirmation } from "~/lib/profile";

/** Same rhythm as the forwarding address screen (spec §9: every 2 s). */
const POLL_MS = 2000;

/** Gmail's confirmation, or a note that Cubby is waiting for it (and checks every 2 s). */
function GmailConfirmation({ confirmation }: { confirmation: ForwardingConfirmation | null }) {
  const { refresh } = useProfile();
  const arrived = Boolean(confirmation);
  useEffect(() => {
    if (arrived) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [arrived, refresh]);

  if (!confirmation) {
    return (
      <output className="flex items-center gap-3 text-callout text-ink-soft">
        <span aria-hidden="true" className="size-2.5 rounded-full bg-sun motion-safe:animate-ping" />
        Waiting for Gmail's confirmation email…
      </output>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {confirmation.code ? <CopyField label="Confirmation code" value={confirmation.code} /> : null}
      {confirmation.url ? (
        <ButtonAnchor look="secondary" href={confirmation.url} target="_blank" rel="noopener noreferrer">
          Open the Confirmation Link
          <ExternalIcon size={18} />
        </ButtonAnchor>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${guideStep(location.pathname)?.step.title ?? "Email Forwarding"} · Cubby` },
];

interface StepContent {
  lines: string[];
  /** Which Gmail settings page this step is done on, if any. */
  gmail?: GuideName;
  /** Show the parent's Cubby address to copy. */
  address?: boolean;
  /** Show Gmail's confirmation code and link once its mail reaches the Cubby address. */
  confirmation?: boolean;
  /** Show spec §9's demo of Gmail's filter From field. */
  demoFilter?: boolean;
}

const CONTENT: Record<string, StepContent> = {
  "/forward/settings": {
    lines: [
      "Gmail's forwarding settings are on the Gmail website, not in the Gmail app.",
      "Open Gmail settings and go to the **Forwarding and POP/IMAP** tab.",
    ],
    gmail: "forward",
  },
  "/forward/addresses": {
    lines: ["Tap **Add a forwarding address**.", "Paste your Cubby address, then tap **Next**."],
    address: true,
  },
  "/forward/confirmation": {
    lines: [
      "Gmail asks to send a confirmation to your Cubby address. Tap **Proceed**, then **OK**.",
      "The confirmation goes to Cubby, not to your inbox.",
    ],
  },
  "/forward/inbox": {
    lines: [
      "Gmail's confirmation email, with its confirmation code, is delivered to your Cubby address.",
      "Forwarding starts only after you allow it in Gmail.",
    ],
    confirmation: true,
  },
  "/forward/allow": {
    lines: [
      "Back on the **Forwarding and POP/IMAP** tab, choose **Forward a copy of incoming mail to** and pick your Cubby address.",
      "Tap **Save Changes**.",
    ],
    gmail: "forward",
  },
  "/forward/success": {
    lines: ["Your emails now reach Cubby, which turns them into events for your schedule."],
  },
  "/filter/settings": {
    lines: [
      "A filter forwards only the emails from school, teachers and coaches.",
      "Open Gmail settings, go to the **Filters and Blocked Addresses** tab and tap **Create a new filter**.",
    ],
    gmail: "filter",
  },
  "/filter/create": {
    lines: [
      "In **From**, enter the addresses or domains of your school, teachers and coaches, separated by **OR**.",
      "Then tap **Create filter**.",
    ],
    demoFilter: true,
  },
  "/filter/address": {
    lines: ["Tick **Forward it to** and choose your Cubby address.", "Tap **Create filter** to finish."],
    address: true,
  },
  "/filter/success": {
    lines: ["Only emails that match your filter are forwarded to Cubby."],
  },
};

export default function EmailGuideStep() {
  const position = guideStep(useLocation().pathname);
  const { state } = useProfile();
  if (!position) return <NotFoundScreen />;

  const { step, index, count } = position;
  const content = CONTENT[step.path]!;
  const ready = step.title === "Ready";
  const address = state.profile?.forwardingAddress?.address;

  return (
    <Screen
      back="history"
      centered={ready}
      hero={ready ? <ReadyCheck /> : undefined}
      title={step.title}
      lead={
        ready ? undefined : (
          <p className="text-footnote font-semibold tracking-wide text-brand uppercase">
            Step {index + 1} of {count - 1}
          </p>
        )
      }
      actions={
        <>
          {content.gmail ? (
            <ButtonAnchor look="secondary" href={GMAIL_SETTINGS[content.gmail]} target="_blank" rel="noopener noreferrer">
              Open Gmail Settings
              <ExternalIcon size={18} />
            </ButtonAnchor>
          ) : null}
          <ButtonLink to={step.next === READY ? afterMailSetup(state.profile?.calendarProvider) : step.next}>Continue</ButtonLink>
        </>
      }
    >
      <div className={`flex flex-col gap-4 ${ready ? "text-center" : ""}`}>
        {content.lines.map((line) => (
          <p key={line} className="text-body text-ink-soft">
            <Emphasis text={line} />
          </p>
        ))}
        {content.demoFilter ? <FilterFromDemo /> : null}
        {content.address && address ? <CopyField label="Your Cubby address" value={address} /> : null}
        {content.confirmation && state.status === "ready" ? (
          <GmailConfirmation confirmation={state.profile.forwardingConfirmation ?? null} />
        ) : null}
        {content.address && state.status === "ready" && !address ? (
          <ButtonLink look="secondary" to={usernameFrom(step.path)}>
            Choose a Username
          </ButtonLink>
        ) : null}
      </div>
    </Screen>
  );
}
