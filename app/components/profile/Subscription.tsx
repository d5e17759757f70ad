/**
 * The profile's Subscription card (spec §2, §4): Basic parents see the
 * Upgrade card; Premium parents see what they have, spec §4's "Cancels on
 * {date}" when it ends, and the way to the billing portal.
 */
import { Button } from "~/components/ui/Button";
import { SparkleIcon } from "~/components/ui/icons";
import { premiumSentence, subscriptionView } from "~/components/upgrade/plan";
import { UpgradeCard } from "~/components/upgrade/UpgradeCard";
import { useBillingLink } from "~/components/upgrade/use-billing-link";
import type { Subscription as SubscriptionData } from "~/lib/profile";

function PremiumCard({ cancelsOn }: { cancelsOn: string | null }) {
  const portal = useBillingLink("portal");
  return (
    <div className="rounded-card bg-surface p-4 shadow-card">
      <p className="flex items-center gap-1.5 text-body font-semibold text-ink">
        <SparkleIcon size={18} className="text-sun" />
        Premium
      </p>
      <p className="mt-1 text-footnote text-ink-soft">{premiumSentence()}</p>
      {cancelsOn ? <p className="mt-2 text-footnote font-semibold text-ink">Cancels on {cancelsOn}</p> : null}
      <Button look="secondary" className="mt-4" onClick={portal.open} disabled={portal.opening} aria-busy={portal.opening}>
        Manage Subscription
      </Button>
    </div>
  );
}

export function Subscription({ subscription }: { subscription: SubscriptionData }) {
  const view = subscriptionView(subscription);
  return view.plan === "premium" ? <PremiumCard cancelsOn={view.cancelsOn} /> : <UpgradeCard />;
}
