/** The profile's building blocks: a titled section, a card of rows, and a row that leads somewhere. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronRightIcon } from "~/components/ui/screen-icons";

export const CARD = "flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="px-1 text-footnote font-semibold tracking-wide text-ink-faint uppercase">{title}</h2>
      {children}
    </section>
  );
}

const ROW = "flex min-h-touch w-full items-center gap-3 px-4 py-3 text-left hover:bg-sunken";

function RowInside({ icon, children, trailing }: { icon?: ReactNode; children: ReactNode; trailing?: ReactNode }) {
  return (
    <>
      {icon ? <span className="shrink-0 text-ink-soft">{icon}</span> : null}
      <span className="min-w-0 flex-1 text-body text-ink">{children}</span>
      {trailing ?? <ChevronRightIcon size={18} className="shrink-0 text-ink-faint" />}
    </>
  );
}

export function RowLink({ to, icon, children, trailing }: { to: string; icon?: ReactNode; children: ReactNode; trailing?: ReactNode }) {
  return (
    <Link to={to} className={ROW}>
      <RowInside icon={icon} trailing={trailing}>
        {children}
      </RowInside>
    </Link>
  );
}

/** For browser navigations (sign-in grants, logout, mailto) that leave the app's router. */
export function RowAnchor({ href, icon, children, trailing }: { href: string; icon?: ReactNode; children: ReactNode; trailing?: ReactNode }) {
  return (
    <a href={href} className={ROW}>
      <RowInside icon={icon} trailing={trailing}>
        {children}
      </RowInside>
    </a>
  );
}

export function RowButton({ onClick, icon, children, danger }: { onClick: () => void; icon?: ReactNode; children: ReactNode; danger?: boolean }) {
  return (
    <button type="button" onClick={onClick} className={`${ROW} ${danger ? "[&>span]:text-danger" : ""}`}>
      <RowInside icon={icon} trailing={<span />}>
        {children}
      </RowInside>
    </button>
  );
}
