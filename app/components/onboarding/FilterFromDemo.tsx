/**
 * spec §9's demo of Gmail's filter form: the From field filled with three
 * school-related domains, the other fields left empty, as the parent will
 * see them in Gmail. A picture, not a form: nothing here can be typed in.
 */
import { DEMO_FILTER_FROM } from "~/lib/email-guides";

const EMPTY_FIELDS = ["To", "Subject", "Has the words"];

export function FilterFromDemo() {
  return (
    <figure className="rounded-card border border-line bg-surface p-4 shadow-card">
      <figcaption className="text-footnote font-semibold tracking-wide text-ink-faint uppercase">For example</figcaption>
      <dl className="mt-2 flex flex-col">
        <div className="flex items-baseline gap-3 border-b-2 border-brand py-2">
          <dt className="w-28 shrink-0 whitespace-nowrap text-footnote text-ink-soft">From</dt>
          <dd className="min-w-0 text-callout font-semibold break-words text-ink">{DEMO_FILTER_FROM}</dd>
        </div>
        {EMPTY_FIELDS.map((field) => (
          <div key={field} className="flex items-baseline gap-3 border-b border-line py-2" aria-hidden="true">
            <dt className="w-28 shrink-0 whitespace-nowrap text-footnote text-ink-faint">{field}</dt>
            <dd />
          </div>
        ))}
      </dl>
      <p aria-hidden="true" className="mt-3 flex justify-end">
        <span className="rounded-full bg-sky px-4 py-1.5 text-footnote font-semibold text-on-accent">Create filter</span>
      </p>
    </figure>
  );
}
