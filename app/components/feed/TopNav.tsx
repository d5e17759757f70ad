/**
 * The feed's top bar: the month being looked at and the way to the profile.
 * It stays put while the days scroll under it.
 */
import type { ReactNode } from "react";
import { IconLink } from "~/components/ui/Button";
import { PersonIcon } from "~/components/ui/icons";

export function TopNav({ title, headingLevel = 1, trailing }: { title: string; headingLevel?: 1 | 2; trailing?: ReactNode }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <header className="sticky top-0 z-20 border-b border-line/70 bg-canvas/85 pt-safe backdrop-blur-xl">
      <div className="mx-auto flex h-14 w-full max-w-md items-center justify-between gap-2 px-safe">
        <Heading className="truncate font-display text-title text-ink">{title}</Heading>
        <div className="-mr-2 flex items-center gap-1">
          {trailing}
          <IconLink label="Profile" to="/profile" className="bg-surface shadow-card">
            <PersonIcon size={22} />
          </IconLink>
        </div>
      </div>
    </header>
  );
}
