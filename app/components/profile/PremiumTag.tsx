/**
 * In place of a Premium feature's switch (spec §6: push notifications, weekly
 * previews) for a Basic parent: says so, and leads to the Upgrade card.
 */
import { PremiumPill } from "~/components/upgrade/PremiumPill";

/**
 * A 32 px pill inside a 44 px link (the app's touch rule): the extra height is
 * invisible and taken back by the negative margin, so rows keep their height.
 */
export const TOUCH_PILL = "-my-1.5 inline-flex min-h-touch shrink-0 items-center";

export function PremiumTag() {
  return (
    <a href="#subscription" className={TOUCH_PILL}>
      <PremiumPill />
    </a>
  );
}
