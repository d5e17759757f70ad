/**
 * A profile row with a title, a line of explanation and an on/off switch
 * (Notifications, Weekly Previews). For a Basic parent a Premium feature has
 * no switch: only its tag (spec §6), which leads to the Upgrade card. A switch
 * they could turn on would claim reminders or previews that never come.
 */
import type { ReactNode } from "react";
import { PremiumTag } from "./PremiumTag";

/**
 * The input is 44 px tall (the app's touch rule) and transparent; its ::before
 * draws the 28 px track and its ::after the knob, so the switch looks as
 * before while the whole 48×44 box takes the tap.
 */
const SWITCH =
  "relative h-11 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-transparent " +
  "before:absolute before:inset-x-0 before:top-2 before:h-7 before:rounded-full before:bg-line-strong before:transition " +
  "after:absolute after:top-2.5 after:left-0.5 after:size-6 after:rounded-full after:bg-surface after:shadow after:transition " +
  "checked:before:bg-sage checked:after:translate-x-5 disabled:cursor-default disabled:opacity-60";

function RowText({ title, hint }: { title: string; hint: string }) {
  return (
    <>
      <span className="block text-body text-ink">{title}</span>
      <span className="block text-footnote text-ink-soft">{hint}</span>
    </>
  );
}

export function SwitchRow({
  id,
  icon,
  title,
  hint,
  premium,
  on,
  disabled = false,
  onToggle,
}: {
  id: string;
  icon?: ReactNode;
  title: string;
  hint: string;
  /** False for a Basic parent: the row carries the Premium tag instead of its switch. */
  premium: boolean;
  on: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <div className="flex min-h-touch items-center gap-3 px-4 py-3">
      {icon ? <span className="shrink-0 text-ink-soft">{icon}</span> : null}
      {/* Without its switch the row names nothing to label. */}
      {premium ? (
        <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
          <RowText title={title} hint={hint} />
        </label>
      ) : (
        <div id={id} className="min-w-0 flex-1">
          <RowText title={title} hint={hint} />
        </div>
      )}
      {premium ? (
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={disabled}
          onChange={onToggle}
          className={SWITCH}
        />
      ) : (
        <PremiumTag />
      )}
    </div>
  );
}
