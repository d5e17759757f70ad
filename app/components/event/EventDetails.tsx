/**
 * What the event drawer shows (spec §2 "Event drawer"): tags header, title,
 * children (a line the caller composes: the child picker in the feed), the
 * month/week/day line, the date range, times, location (opens a maps app or
 * page), a clamped description, weather, calendar conflicts, 'Go', the like
 * (save to calendar) button and the sources.
 */
import { useState, type ReactNode } from "react";
import { ButtonAnchor } from "~/components/ui/Button";
import { CalendarIcon } from "~/components/ui/icons";
import { BoltIcon, ExternalIcon, MapPinIcon } from "~/components/ui/screen-icons";
import { calendarDay, dayParts } from "~/lib/calendar-day";
import { formatDay, monthName, weekdayLong } from "~/lib/dates";
import { itemTime } from "~/lib/feed/format";
import type { FeedItem } from "~/lib/feed/item";
import { tagLabels } from "~/lib/feed/labels";
import { dayTemperature, weatherNotes, type DayWeather } from "~/lib/feed/weather";
import { WeatherSymbolIcon } from "~/components/feed/WeatherSymbolIcon";
import { UnsureAnswers } from "~/components/feed/UnsureDates";
import { Conflicts } from "./Conflicts";
import { Sources } from "./Sources";

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 text-callout text-ink">
      <span className="mt-0.5 shrink-0 text-ink-faint">{icon}</span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}

/** Apple Maps on Apple devices, the geo: handler on Android, Google Maps on the web. */
export function mapsLink(place: string, userAgent: string): string {
  const query = encodeURIComponent(place);
  if (/iPhone|iPad|iPod|Macintosh/.test(userAgent)) return `https://maps.apple.com/?q=${query}`;
  if (/Android/.test(userAgent)) return `geo:0,0?q=${query}`;
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

// The formatters are built once (dates.ts): two built here on every render were half of the
// drawer's own render at 4× slowdown.
function whenLine(event: FeedItem): string {
  const day = dayParts(event.day);
  if (event.monthEvent) return `All month · ${monthName(day)}`;
  if (event.weekEvent) return `All week · ${formatDay(day)}`;
  return `${weekdayLong(day)}, ${monthName(day)} ${day.day}`;
}

function rangeLine(event: FeedItem): string | null {
  if (!event.range) return null;
  const first = event.startRange || event.start.slice(0, 10);
  const last = event.endRange || event.end?.slice(0, 10);
  if (!last || last === first || event.dateTime) return last && last !== first ? `${formatDay(dayParts(first))} – ${formatDay(dayParts(last))}` : null;
  return `${formatDay(dayParts(first))} – ${formatDay(dayParts(last))}`;
}

export interface DetailsProps {
  event: FeedItem;
  timeZone: string;
  /** The children line: the ChildPicker in the feed's drawer; absent in the tutorial. */
  childLine?: ReactNode;
  weather?: DayWeather | null;
  calendarConnected: boolean;
  demo: boolean;
  conflictsVersion?: number;
  onLike: () => void;
  /** For a date Cubby is unsure of (issue 30): the parent's answer, in place of Save. */
  onAnswerUnsure?: (action: "add" | "hide") => void;
  /** Opens the message a mention came from; with the source line, the card marks it. */
  onOpenSource?: (sourceContentId: string, line?: string) => void;
}

/**
 * issue 30: the line the event was read from, with where it came from ("From Maple
 * Grove Office, Tue, Nov 24: …"). Plain text, never the message's HTML. A tap opens
 * the message with the line marked.
 */
function SourceLine({ event, timeZone, onOpen }: { event: FeedItem; timeZone: string; onOpen?: (id: string, line: string) => void }) {
  if (!event.source) return null;
  const mention = event.mentions[0];
  const who = mention ? mention.sourceSender || mention.sourceAddress || null : null;
  const when = mention ? formatDay(calendarDay(mention.sourceDate, timeZone)) : null;
  const lead = who && when ? `From ${who}, ${when}: ` : who ? `From ${who}: ` : "";
  const text = (
    <>
      <span className="font-semibold text-ink">{lead}</span>
      <span className="whitespace-pre-line">{event.source}</span>
    </>
  );
  const className = "border-l-2 border-line-strong pl-2.5 text-left text-callout text-ink-soft";
  return mention?.sourceContentId && onOpen ? (
    <button type="button" data-source-line onClick={() => onOpen(mention.sourceContentId, event.source!)} className={`${className} min-h-touch`}>
      {text}
    </button>
  ) : (
    <p data-source-line className={className}>
      {text}
    </p>
  );
}

export function EventDetails({ event, timeZone, childLine, weather, calendarConnected, demo, conflictsVersion = 0, onLike, onOpenSource, onAnswerUnsure }: DetailsProps) {
  const [expanded, setExpanded] = useState(false);
  const time = itemTime(event, timeZone);
  const range = rangeLine(event);
  const place = event.locationObject?.streetAddress || event.location;

  return (
    <article className="flex flex-col gap-5 pb-4">
      {/* Tags and title keep clear of the drawer's menu and close buttons; the children line may use the full width. */}
      <header className="flex flex-col gap-2">
        <ul className="flex flex-wrap gap-1.5 pr-10" aria-label="Tags">
          {tagLabels(event).map((label) => (
            <li key={label} className="rounded-full bg-brand-soft px-2.5 py-0.5 text-footnote font-semibold text-brand-strong">
              {label}
            </li>
          ))}
        </ul>
        <h2 className={`pr-10 text-title text-ink ${event.cancel ? "line-through" : ""}`}>{event.eventName}</h2>
        <SourceLine event={event} timeZone={timeZone} onOpen={onOpenSource} />
        {childLine}
      </header>

      <div className="flex flex-col gap-3">
        <Row icon={<CalendarIcon size={20} />}>
          <p className="font-medium">{whenLine(event)}</p>
          {range ? <p className="text-ink-soft">{range}</p> : null}
          <p className="text-ink-soft">{time ?? "All day"}</p>
        </Row>
        {weather ? (
          <Row icon={<WeatherSymbolIcon symbol={weather.symbol} size={20} />}>
            <p className="tabular-nums">{dayTemperature(weather)}</p>
            <p className="text-ink-soft">{weatherNotes(weather).join(" · ")}</p>
          </Row>
        ) : null}
        {place ? (
          <Row icon={<MapPinIcon size={20} />}>
            <a
              href={mapsLink(place, typeof navigator === "undefined" ? "" : navigator.userAgent)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-ink underline decoration-line-strong underline-offset-4"
            >
              {event.location || place}
            </a>
          </Row>
        ) : null}
      </div>

      {event.description ? (
        <div>
          <p className={`text-body whitespace-pre-line text-ink-soft ${expanded ? "" : "line-clamp-4"}`}>{event.description}</p>
          {event.description.length > 180 ? (
            <button type="button" onClick={() => setExpanded((open) => !open)} className="min-h-touch text-callout font-semibold text-brand">
              {expanded ? "Less" : "More"}
            </button>
          ) : null}
        </div>
      ) : null}

      <Conflicts day={event.day} connected={calendarConnected} demo={demo} version={conflictsVersion} />

      {event.needsReview && !event.dislike && onAnswerUnsure ? (
        <section aria-label="Cubby isn't sure about this date" className="flex flex-col gap-3 rounded-card bg-sky-soft p-4">
          <p className="text-callout font-semibold text-ink">Cubby isn't sure about this date</p>
          <UnsureAnswers onAnswer={onAnswerUnsure} />
        </section>
      ) : null}

      <div className="flex gap-2">
        {event.hyperlink ? (
          <ButtonAnchor href={event.hyperlink} target="_blank" rel="noopener noreferrer" className="flex-1">
            Go
            <span className="truncate text-callout font-normal opacity-70">{hostOf(event.hyperlink)}</span>
            <ExternalIcon size={18} />
          </ButtonAnchor>
        ) : null}
        {/* Saved nowhere until a parent adds it (issue 30). */}
        {event.needsReview ? null : (
          <button
            type="button"
            aria-pressed={event.like}
            aria-label="Save to Google Calendar"
            onClick={onLike}
            className={`inline-flex min-h-button items-center justify-center gap-2 rounded-button px-5 text-body font-semibold transition active:scale-[0.98] ${
              event.hyperlink ? "" : "flex-1"
            } ${event.like ? "bg-sun text-[#2a221d]" : "border border-line-strong bg-surface text-ink"}`}
          >
            <BoltIcon size={20} />
            {event.like ? "Saved" : "Save"}
          </button>
        )}
      </div>

      <Sources mentions={event.mentions} demo={demo} onOpen={onOpenSource} />
    </article>
  );
}
