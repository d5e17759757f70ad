/** /forward/filter: after forwarding works, an offer to narrow it with Gmail filters (spec §2 item 9). */
import type { Route } from "./+types/filter-choice";
import { ButtonLink } from "~/components/ui/Button";
import { MailIcon } from "~/components/ui/icons";
import { Screen } from "~/components/ui/Screen";
import { useProfile } from "~/components/session/SignedIn";
import { afterMailSetup } from "~/lib/onboarding-end";

export const meta: Route.MetaFunction = () => [{ title: "Control Your Email Forwarding · Cubby" }];

export default function ControlForwarding() {
  const onward = afterMailSetup(useProfile().state.profile?.calendarProvider);
  return (
    <Screen
      back="history"
      title="Control Your Email Forwarding"
      lead="Gmail can forward only the emails from school, teachers and coaches, so the rest of your inbox stays private."
      actions={
        <>
          <ButtonLink to="/filter/settings">Setup Filters</ButtonLink>
          <ButtonLink look="quiet" to={onward}>
            Do Later
          </ButtonLink>
        </>
      }
    >
      <div className="flex flex-col gap-3 rounded-card bg-surface p-5 shadow-card">
        {["School", "Teachers", "Coaches"].map((who) => (
          <div key={who} className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-full bg-sage-soft text-sage">
              <MailIcon size={20} />
            </span>
            <span className="text-callout font-medium text-ink">{who}</span>
            <span aria-hidden="true" className="ml-auto text-footnote font-semibold text-sage">
              → Cubby
            </span>
          </div>
        ))}
      </div>
    </Screen>
  );
}
