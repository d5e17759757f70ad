/**
 * What the event drawer shows about one event: its label, title, when and
 * where, the description, a 'Go' link and where Cubby found it.
 * (Likes, hiding, weather and conflicts arrive with the full drawer.)
 */
import type { ReactNode } from "react";
import { ButtonAnchor } from "~/components/ui/Button";
import { CalendarIcon, ExternalIcon, MailIcon, MapPinIcon } from "~/components/ui/icons";
import { formatDay, formatTimeRange } from "~/lib/dates";
import { eventDay, type FeedEvent } from "~/lib/event";
import { eventLabel } from "~/lib/event-label";

function dayOf(key: string) {
  const [year, month, day] = key.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 text-callout text-ink">
      <span className="mt-0.5 shrink-0 text-ink-faint">{icon}</span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}

export function EventDetails({
  event,
  timeZone,
  onOpenSource,
}: {
  event: FeedEvent;
  timeZone: string;
  /** Opens the message or page a mention came from. */
  onOpenSource?: (sourceContentId: string) => void;
}) {
  const day = formatDay(dayOf(eventDay(event, timeZone)));
  const time = event.dateTime
    ? formatTimeRange(new Date(event.start), event.end ? new Date(event.end) : null, timeZone)
    : "All day";
  const senders = [...new Set(event.mentions.map((m) => m.sourceSender || m.sourceAddress).filter(Boolean))];

  return (
    <article className="flex flex-col gap-5 pb-4">
      <header className="flex flex-col gap-2">
        <p className="text-footnote font-semibold tracking-wide text-brand uppercase">{eventLabel(event.tags)}</p>
        <h2 className="text-title text-ink">{event.eventName}</h2>
      </header>

      <div className="flex flex-col gap-3">
        <Row icon={<CalendarIcon size={20} />}>
          <p className="font-medium">{day}</p>
          <p className="text-ink-soft">{time}</p>
        </Row>
        {event.location ? <Row icon={<MapPinIcon size={20} />}>{event.location}</Row> : null}
      </div>

      {event.description ? <p className="line-clamp-6 text-body text-ink-soft">{event.description}</p> : null}

      {event.hyperlink ? (
        <ButtonAnchor href={event.hyperlink} target="_blank" rel="noopener noreferrer">
          Go
          <span className="text-callout font-normal opacity-70">{hostOf(event.hyperlink)}</span>
          <ExternalIcon size={18} />
        </ButtonAnchor>
      ) : null}

      {event.mentions.length > 0 ? (
        <section className="flex flex-col gap-2 border-t border-line pt-4">
          <p className="text-footnote text-ink-faint">
            {event.mentions.length === 1 ? "1 mention" : `${event.mentions.length} mentions`}
            {senders.length ? ` · ${senders.join(", ")}` : ""}
          </p>
          {onOpenSource ? (
            <button
              type="button"
              onClick={() => onOpenSource(event.mentions[0]!.sourceContentId)}
              className="inline-flex min-h-touch items-center gap-2 self-start rounded-full bg-sunken px-4 text-callout font-medium text-ink"
            >
              <MailIcon size={18} />
              View source
            </button>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
