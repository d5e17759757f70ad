/**
 * Beside a Premium feature (spec §6: push notifications, weekly previews) for
 * a Basic parent: says so, and leads to the Upgrade card. The switch still
 * works, so the choice is ready the day they upgrade.
 */
import { SparkleIcon } from "~/components/ui/icons";

export function PremiumTag() {
  return (
    <a
      href="#subscription"
      className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-full bg-sun-soft px-2.5 text-footnote font-semibold text-[#8a5a12]"
    >
      <SparkleIcon size={12} />
      Premium
    </a>
  );
}
