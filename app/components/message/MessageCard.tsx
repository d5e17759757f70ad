/**
 * spec §2 "Message card": the sender (avatar and name), subject and date, the
 * 'N event(s) in this message' or 'found in URL' note, the strip of events
 * found there, then the body: the e-mail's HTML in a safe frame, or for a web
 * page a summary of what Cubby found.
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CubbyMark } from "~/components/ui/CubbyMark";
import { calendarDay, dayParts } from "~/lib/calendar-day";
import { formatDay } from "~/lib/dates";
import { comparable, markKey } from "~/lib/feed/mark-line";
import { initials } from "~/lib/initials";
import { MessageFrame } from "./MessageFrame";

export interface StripEvent {
  _id: string;
  eventName: string;
  day: string;
  fromPdf: boolean;
}

export interface SourceView {
  kind: "email" | "url";
  sender: string;
  subject: string;
  /** ISO instant. */
  date: string;
  /** Sanitised by the Worker: only ever written into the message frame. */
  html: string | null;
  /** Remote images the Worker left out of `html`, and how to get the body with them ('Show images'). */
  hiddenImages?: number;
  withImages?: () => Promise<string>;
  text: string | null;
  events: StripEvent[];
  /** Cubby's own messages show the app icon instead of initials. */
  fromCubby?: boolean;
  /** URL sources. */
  url?: { path: string; addedByYou: boolean; futureCount: number };
}

/** spec §2: "N event(s) in this message", or "found in URL" in its place for a web page or PDF. */
export function sourceNote(eventCount: number, foundInUrl: boolean): string {
  return `${eventCount} ${eventCount === 1 ? "event" : "events"} ${foundInUrl ? "found in URL" : "in this message"}`;
}

function PdfIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-label="PDF" role="img">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </svg>
  );
}

function holdsKey(text: string, key: string | null): boolean {
  return key !== null && comparable(text).includes(key);
}

/** A paragraph of a text-only message, marked and scrolled to when it holds the event's source line. */
function TextParagraph({ text, marked }: { text: string; marked: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (marked) ref.current?.scrollIntoView({ block: "center" });
  }, [marked]);
  return (
    <p className="break-words whitespace-pre-line">
      {marked ? (
        <mark id="cubby-source" ref={ref} className="rounded-sm bg-sun-soft text-ink">
          {text}
        </mark>
      ) : (
        text
      )}
    </p>
  );
}

interface MessageCardProps {
  view: SourceView;
  timeZone: string;
  eventLink?: (id: string) => string;
  /** The source line of the event the card was opened from: marked (issue 30). */
  markLine?: string | null;
}

export function MessageCard({ view, timeZone, eventLink, markLine }: MessageCardProps) {
  const key = markLine ? markKey(markLine) : null;
  const date = formatDay(calendarDay(view.date, timeZone));
  return (
    <article className="flex flex-col gap-4 pb-4">
      <header className="flex items-center gap-3 pr-10">
        {view.fromCubby ? (
          <CubbyMark size={44} className="rounded-full" />
        ) : (
          <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sky-soft font-semibold text-sky">
            {initials(view.sender)}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-callout font-semibold text-ink">{view.sender}</p>
          <p className="text-footnote text-ink-faint">
            {date} · {sourceNote(view.events.length, view.kind === "url")}
          </p>
        </div>
      </header>
      <h2 className="text-headline text-ink">{view.subject}</h2>

      {view.events.length ? (
        <ul aria-label="Events found" className="-mx-6 flex snap-x scroll-px-6 gap-2 overflow-x-auto px-6 pb-1">
          {view.events.map((event) => {
            const body = (
              <>
                <span className="flex items-center gap-1 text-footnote font-semibold text-brand">
                  {formatDay(dayParts(event.day))}
                  {event.fromPdf ? <PdfIcon /> : null}
                </span>
                <span className="line-clamp-2 text-callout font-semibold text-ink">{event.eventName}</span>
              </>
            );
            return (
              <li key={event._id} className="w-40 shrink-0 snap-start">
                {eventLink ? (
                  <Link to={eventLink(event._id)} preventScrollReset className="flex min-h-20 flex-col gap-1 rounded-field bg-sunken p-3">
                    {body}
                  </Link>
                ) : (
                  <div className="flex min-h-20 flex-col gap-1 rounded-field bg-sunken p-3">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}

      {view.kind === "url" && view.url ? (
        <dl className="flex flex-col gap-2 rounded-field bg-sunken p-4 text-callout">
          <div>
            <dt className="text-footnote text-ink-faint">Added by</dt>
            <dd className="text-ink">
              {view.sender}
              {view.url.addedByYou ? " (You)" : ""} · {date}
            </dd>
          </div>
          <div>
            <dt className="text-footnote text-ink-faint">Events</dt>
            <dd className="text-ink">
              {view.events.length} found, {view.url.futureCount} in the future
            </dd>
          </div>
          <div>
            <dt className="text-footnote text-ink-faint">Page</dt>
            <dd className="break-all text-ink">{view.url.path}</dd>
          </div>
        </dl>
      ) : view.html ? (
        <MessageFrame html={view.html} hiddenImages={view.hiddenImages ?? 0} withImages={view.withImages} title={view.subject || "Message"} markLine={markLine} />
      ) : (
        <div className="flex flex-col gap-3 text-body text-ink-soft">
          {(view.text ?? "")
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean)
            .map((paragraph, index, all) => {
              // Only the first paragraph that holds the line is marked.
              const marked = holdsKey(paragraph, key) && !all.slice(0, index).some((earlier) => holdsKey(earlier, key));
              return <TextParagraph key={index} text={paragraph} marked={marked} />;
            })}
        </div>
      )}
    </article>
  );
}
