/**
 * Mail parked beyond Basic's five a month (spec §9) waits, saved and unread,
 * until the parent upgrades; then it is read. The feed says how many wait and
 * offers the checkout right there, under the top bar where it stays in view.
 */
import { useBillingLink } from "~/components/upgrade/use-billing-link";
import { MailIcon } from "~/components/ui/icons";
import { WAITING_LINE_HEIGHT } from "./waiting-line";

export function waitingLine(count: number): { lead: string; tail: string } {
  return count === 1
    ? { lead: "1 message is waiting.", tail: "to read it" }
    : { lead: `${count} messages are waiting.`, tail: "to read them" };
}

export function WaitingMail({ count }: { count: number }) {
  const checkout = useBillingLink("checkout");
  if (count < 1) return null;
  const { lead, tail } = waitingLine(count);
  return (
    <div className="-mb-px border-t border-line/70 bg-sun-soft">
      <p
        id="waiting-mail"
        style={{ minHeight: WAITING_LINE_HEIGHT }}
        className="mx-auto flex w-full max-w-md items-center gap-2.5 px-safe py-1.5 text-callout text-ink"
      >
        <MailIcon size={18} className="shrink-0 text-[#b7791f]" />
        <span className="min-w-0">
          {lead}{" "}
          <button
            type="button"
            onClick={checkout.open}
            disabled={checkout.opening}
            aria-busy={checkout.opening}
            className="font-semibold text-brand-strong underline underline-offset-2"
          >
            Upgrade
          </button>{" "}
          {tail}
        </span>
      </p>
    </div>
  );
}
