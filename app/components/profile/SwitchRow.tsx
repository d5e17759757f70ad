/**
 * A profile row with a title, a line of explanation and an on/off switch
 * (Notifications, Weekly Previews); a Premium feature shows its tag for
 * Basic parents (spec §6).
 */
import type { ReactNode } from "react";
import { PremiumTag } from "./PremiumTag";

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
  /** False for a Basic parent: the row carries the Premium tag. */
  premium: boolean;
  on: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <div className="flex min-h-touch items-center gap-3 px-4 py-3">
      {icon ? <span className="shrink-0 text-ink-soft">{icon}</span> : null}
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <span className="block text-body text-ink">{title}</span>
        <span className="block text-footnote text-ink-soft">{hint}</span>
      </label>
      {premium ? null : <PremiumTag />}
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={disabled}
        onChange={onToggle}
        className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-line-strong transition before:absolute before:top-0.5 before:left-0.5 before:size-6 before:rounded-full before:bg-surface before:shadow before:transition checked:bg-sage checked:before:translate-x-5 disabled:cursor-default disabled:opacity-60"
      />
    </div>
  );
}
