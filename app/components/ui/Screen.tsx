/**
 * The frame every full-page screen shares: a top bar (back, optional help),
 * an optional Cubby mark, the title as the page's one <h1>, the content, and
 * the actions pinned above the home indicator where a thumb reaches them.
 */
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { IconButton, IconLink } from "./Button";
import { CubbyMark } from "./CubbyMark";
import { BackIcon, HelpIcon } from "./screen-icons";

export interface ScreenProps {
  title: ReactNode;
  /** Shown under the title. */
  lead?: ReactNode;
  /** A path to go back to, or "history" for the previous page. */
  back?: string | "history";
  /** The help control's accessible name and what it opens. */
  help?: { label: string; onOpen: () => void };
  /** Show the Cubby mark above the title ("[Cubby] needs Email Access"). */
  mark?: boolean;
  /** A picture above the title (the Ready check). */
  hero?: ReactNode;
  /** Centre the title block (Ready screens, illustrations). */
  centered?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

export function Screen({ title, lead, back, help, mark, hero, centered, actions, children }: ScreenProps) {
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-safe pt-safe">
      <div className="-mx-2 flex h-touch items-center justify-between">
        {back === "history" ? (
          <IconButton label="Go Back" onClick={() => navigate(-1)}>
            <BackIcon />
          </IconButton>
        ) : back ? (
          <IconLink label="Go Back" to={back}>
            <BackIcon />
          </IconLink>
        ) : (
          <span />
        )}
        {help ? (
          <IconButton label={help.label} onClick={help.onOpen} className="text-ink-soft">
            <HelpIcon />
          </IconButton>
        ) : null}
      </div>

      <header className={`mt-4 mb-6 flex flex-col gap-3 ${centered ? "items-center text-center" : ""}`}>
        {mark ? <CubbyMark size={64} className="mb-1 rounded-[18px] shadow-card" /> : null}
        {hero ? <div className="mb-3">{hero}</div> : null}
        <h1 className="text-title wrap-break-word text-ink">{title}</h1>
        {lead ? <div className="text-body text-ink-soft">{lead}</div> : null}
      </header>

      <div className="flex flex-1 flex-col">{children}</div>

      {actions ? (
        <footer className="sticky bottom-0 -mx-5 mt-6 flex flex-col gap-2 bg-linear-to-t from-canvas from-70% to-transparent px-5 pt-6 pb-safe">
          {actions}
        </footer>
      ) : (
        <div className="pb-safe" />
      )}
    </main>
  );
}
