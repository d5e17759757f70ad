/**
 * 'Suggested for you': chips a tap adds, under the screens' own list (the
 * watchlist's senders seen in mail, a child's teachers from who wrote).
 */
import type { ReactNode } from "react";

export interface Suggestion {
  key: string;
  label: string;
  /** Said after the label, quieter (how many e-mails a sender sent). */
  detail?: ReactNode;
}

export function Suggestions({ items, onPick }: { items: Suggestion[]; onPick: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="suggested-heading">
      <h2 id="suggested-heading" className="mb-3 text-callout font-semibold text-ink-soft">
        Suggested for you
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              onClick={() => onPick(item.key)}
              className="min-h-touch rounded-full border border-line-strong bg-surface px-4 text-callout break-all text-ink hover:bg-sunken"
            >
              + {item.label}
              {item.detail ? <span className="ml-2 text-footnote text-ink-soft">{item.detail}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
