/** The "why?" link under an onboarding screen's content; it opens that screen's help prompt. */
import type { ReactNode } from "react";
import { HelpIcon } from "~/components/ui/screen-icons";

export function HelpText({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="mx-auto mt-6 inline-flex min-h-touch items-center gap-1.5 px-3 text-callout font-medium text-brand"
    >
      <HelpIcon size={18} />
      {children}
    </button>
  );
}
