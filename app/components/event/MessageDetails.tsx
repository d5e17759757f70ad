/**
 * The source view of spec §2 "Message card": who sent it, the subject and
 * date, how many events it held, and its text. The body is shown as plain
 * paragraphs: e-mail HTML is never put into the page.
 */
import { CubbyMark } from "~/components/ui/CubbyMark";
import { formatDay, calendarDay } from "~/lib/dates";
import { initials } from "~/lib/initials";

export interface SourceView {
  sender: string;
  subject: string;
  /** ISO instant. */
  date: string;
  paragraphs: string[];
  /** Cubby's own messages show the app icon instead of initials. */
  fromCubby?: boolean;
}

/** spec §2: "N event(s) in this message", or "found in URL" for a web page or PDF. */
export function sourceNote(eventCount: number, foundInUrl: boolean): string {
  if (foundInUrl) return "found in URL";
  return `${eventCount} ${eventCount === 1 ? "event" : "events"} in this message`;
}

export function MessageDetails({ view, note, timeZone }: { view: SourceView; note: string; timeZone: string }) {
  return (
    <article className="flex flex-col gap-4 pb-4">
      <header className="flex items-center gap-3">
        {view.fromCubby ? (
          <CubbyMark size={44} className="rounded-full" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sky-soft font-semibold text-sky"
          >
            {initials(view.sender)}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-callout font-semibold text-ink">{view.sender}</p>
          <p className="text-footnote text-ink-faint">
            {formatDay(calendarDay(new Date(view.date), timeZone))} · {note}
          </p>
        </div>
      </header>
      <h2 className="text-headline text-ink">{view.subject}</h2>
      <div className="flex flex-col gap-3 text-body text-ink-soft">
        {view.paragraphs.map((paragraph, index) => (
          <p key={index} className="break-words whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}
