/**
 * An event in the feed (spec §2 "Event tiles"): its time, title, the children
 * it is tagged to and its labels. Cancelled events are struck through and
 * tentative ones dashed, so a glance tells what changed.
 */
import { use } from "react";
import { itemTime } from "~/lib/feed/format";
import type { FeedItem } from "~/lib/feed/item";
import { tagLabels } from "~/lib/feed/labels";
import { isPlainClick, OpenInFeedContext } from "./open-in-feed";

/**
 * Pressed, a tile sinks at once: no `transition`. An animated press needs a frame drawn every
 * 16 ms while it runs, and the drawer the tap opens is rendered (as a transition) in between
 * them, so it reached the screen about 70 ms later at 4× slowdown (ADR 034).
 */
const TILE =
  "group flex w-full min-h-touch items-stretch gap-3 overflow-hidden rounded-field bg-surface p-3 text-left shadow-card active:scale-[0.99]";

/** A label or child chip: a chip wider than the tile (large text) wraps inside itself rather than being cut. */
const CHIP = "max-w-full rounded-full px-2 py-0.5 text-footnote font-medium wrap-break-word";

export interface TileProps {
  event: FeedItem;
  timeZone: string;
  /** First names of the children the event is tagged to. */
  childNames?: string[];
}

function TileBody({ event, timeZone, childNames = [] }: TileProps) {
  const time = itemTime(event, timeZone) ?? "All day";
  const labels = tagLabels(event);
  return (
    <>
      <span
        aria-hidden="true"
        className={`w-1 shrink-0 rounded-full ${event.cancel ? "bg-danger" : event.tentative ? "border-l-4 border-dotted border-brand" : "bg-brand"}`}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-footnote font-semibold text-ink-soft tabular-nums">{time}</span>
        {/* At large text (a screen under 22 em wide) two lines hold a word or two: the title is not clamped there. */}
        <span className={`line-clamp-2 text-body leading-snug font-semibold hyphens-auto wrap-break-word text-ink max-[22rem]:line-clamp-none ${event.cancel ? "line-through decoration-2" : ""}`}>
          {event.eventName}
        </span>
        <span className="flex flex-wrap items-center gap-1.5 pt-0.5">
          {labels.slice(0, 2).map((label) => (
            <span key={label} className={`${CHIP} bg-brand-soft text-brand-strong`}>
              {label}
            </span>
          ))}
          {childNames.map((name) => (
            <span key={name} className={`${CHIP} bg-sky-soft text-ink-soft`}>
              {name}
            </span>
          ))}
        </span>
      </span>
      {!event.firstView ? <span aria-label="New" role="img" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" /> : null}
    </>
  );
}

/** A tile that opens the event's drawer route: a plain link, not a `<Link>` (open-in-feed.ts). */
export function EventTileLink({ event, timeZone, childNames }: TileProps) {
  const feed = use(OpenInFeedContext);
  const href = `${feed?.feedPath ?? "/focus"}/event/${encodeURIComponent(event._id)}`;
  return (
    <a
      href={href}
      className={TILE}
      onClick={(click) => {
        if (!feed || !isPlainClick(click)) return;
        click.preventDefault();
        feed.open(href);
      }}
    >
      <TileBody event={event} timeZone={timeZone} childNames={childNames} />
    </a>
  );
}

/** A tile that opens the drawer in place (the tutorial changes no URL). */
export function EventTileButton({ onOpen, ...props }: TileProps & { onOpen: () => void }) {
  return (
    <button type="button" className={TILE} onClick={onOpen}>
      <TileBody {...props} />
    </button>
  );
}
