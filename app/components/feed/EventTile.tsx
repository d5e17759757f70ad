/** An event in the feed: its time, title and label (spec §2 "Event tiles"). */
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { formatTime } from "~/lib/dates";
import type { FeedEvent } from "~/lib/event";
import { eventLabel } from "~/lib/event-label";

const TILE =
  "group flex w-full min-h-touch items-stretch gap-3 overflow-hidden rounded-field bg-surface p-3 text-left shadow-card transition active:scale-[0.99]";

function TileBody({ event, timeZone }: { event: FeedEvent; timeZone: string }) {
  return (
    <>
      <span aria-hidden="true" className="w-1 shrink-0 rounded-full bg-brand" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-footnote font-semibold text-ink-faint">
          {event.dateTime ? formatTime(new Date(event.start), timeZone) : "All day"} · {eventLabel(event.tags)}
        </span>
        <span className="truncate text-body font-semibold text-ink">{event.eventName}</span>
      </span>
      {!event.firstView ? (
        <span aria-label="New" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" />
      ) : null}
    </>
  );
}

/** A tile that opens the event's drawer route. */
export function EventTileLink({ event, timeZone, ...link }: { event: FeedEvent; timeZone: string } & Omit<ComponentProps<typeof Link>, "className">) {
  return (
    <Link className={TILE} {...link}>
      <TileBody event={event} timeZone={timeZone} />
    </Link>
  );
}

/** A tile that opens the drawer in place (the tutorial changes no URL). */
export function EventTileButton({ event, timeZone, onOpen }: { event: FeedEvent; timeZone: string; onOpen: () => void }) {
  return (
    <button type="button" className={TILE} onClick={onOpen}>
      <TileBody event={event} timeZone={timeZone} />
    </button>
  );
}
