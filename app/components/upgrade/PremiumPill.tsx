/** The spec's Premium tag (spec §6): the pill a Premium feature wears for a Basic parent. */
import { SparkleIcon } from "~/components/ui/icons";

export function PremiumPill() {
  return (
    <span className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-full bg-sun-soft px-2.5 text-footnote font-semibold text-sun-strong">
      <SparkleIcon size={12} />
      Premium
    </span>
  );
}
