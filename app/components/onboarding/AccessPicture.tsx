/**
 * A small picture of what an access request connects: a Google service on one
 * side, Cubby on the other, and a flow of dots between them, in steps (app.css
 * --animate-flow).
 */
import type { ReactNode } from "react";
import { CubbyMark } from "~/components/ui/CubbyMark";

export function AccessPicture({
  from,
  fromLabel,
  reverse = false,
}: {
  from: ReactNode;
  fromLabel: string;
  /** Dots flow from Cubby to the service (saving to a calendar) instead of in. */
  reverse?: boolean;
}) {
  return (
    <figure className="flex items-center justify-center gap-4 rounded-card bg-surface px-6 py-8 shadow-card">
      <div className="flex flex-col items-center gap-2">
        <div className="flex size-16 items-center justify-center rounded-[20px] bg-sky-soft text-sky">{from}</div>
        <figcaption className="text-footnote font-medium text-ink-soft">{fromLabel}</figcaption>
      </div>
      <div aria-hidden="true" className={`flex gap-1.5 pb-6 ${reverse ? "flex-row-reverse" : ""}`}>
        {[0, 1, 2].map((i) => (
          // Negative delays start each dot part-way through its cycle: the first is lit at once, the next ones follow.
          <span key={i} className="size-2 rounded-full bg-brand motion-safe:animate-flow" style={{ animationDelay: `${(i - 4) * 500}ms` }} />
        ))}
      </div>
      <div className="flex flex-col items-center gap-2">
        <CubbyMark size={64} className="rounded-[20px]" />
        <span className="text-footnote font-medium text-ink-soft">Cubby</span>
      </div>
    </figure>
  );
}
