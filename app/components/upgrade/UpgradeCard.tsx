/**
 * spec §2 "Upgrade card": Basic and Premium side by side (spec §6), the price
 * (spec §9), and the way to checkout.
 */
import { Button } from "~/components/ui/Button";
import { SparkleIcon } from "~/components/ui/icons";
import { CheckIcon } from "~/components/ui/screen-icons";
import { comparison, PREMIUM_PRICE } from "./plan";
import { useBillingLink } from "./use-billing-link";

function Mark({ included }: { included: boolean }) {
  return included ? (
    <CheckIcon size={18} className="mx-auto text-success" aria-hidden={false} role="img" aria-label="Included" />
  ) : (
    <span className="block text-center text-ink-faint" role="img" aria-label="Not included">
      –
    </span>
  );
}

export function UpgradeCard() {
  const checkout = useBillingLink("checkout");
  return (
    <div className="rounded-card bg-surface p-4 shadow-card">
      <p className="text-body font-semibold text-ink">Basic</p>
      <table className="mt-3 w-full table-fixed border-separate border-spacing-0 text-callout">
        <colgroup>
          <col />
          <col className="w-14" />
          <col className="w-24" />
        </colgroup>
        <thead>
          <tr className="text-footnote font-semibold">
            <th scope="col">
              <span className="sr-only">Feature</span>
            </th>
            <th scope="col" className="pt-2 pb-2 text-ink-soft">
              <span className="inline-flex items-center">Basic</span>
            </th>
            <th scope="col" className="rounded-t-field bg-sun-soft pt-2 pb-2 text-ink">
              <span className="inline-flex items-center gap-1">
                <SparkleIcon size={14} />
                Premium
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {comparison().map((row, index, rows) => (
            <tr key={row.feature}>
              <th scope="row" className="border-t border-line py-2 pr-2 text-left font-normal text-ink">
                {row.feature}
              </th>
              <td className="border-t border-line py-2 align-middle">
                <Mark included={row.basic} />
              </td>
              <td
                className={`border-t border-line bg-sun-soft py-2 align-middle ${
                  index === rows.length - 1 ? "rounded-b-field" : ""
                }`}
              >
                <Mark included={row.premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-footnote text-ink-soft">{PREMIUM_PRICE}</p>
      <Button className="mt-3" onClick={checkout.open} disabled={checkout.opening} aria-busy={checkout.opening}>
        <SparkleIcon size={18} />
        Upgrade to Premium
      </Button>
    </div>
  );
}
