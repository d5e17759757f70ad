/**
 * One month of the feed: its title, month-wide events (spec §2 "Month-wide
 * events appear in a month section"), then day blocks and the gaps between
 * them. `drawUntil` stops at a day: the feed's first render draws only the
 * first weeks, the rest follows once the page is awake.
 */
import { memo } from "react";
import type { MonthGroup } from "~/lib/feed/days";
import type { FeedItem } from "~/lib/feed/item";
import { monthTitle } from "~/lib/feed/format";
import { DayBlock, GapRow } from "./DayBlock";
import { EventTileLink } from "./EventTile";
import type { DayWeather } from "~/lib/feed/weather";

/**
 * A tile of the feed. The feed is built again for every answer from the server,
 * but an event that did not change keeps its item (useFeedItems), so its tile
 * is not drawn again: a new answer redraws only what it changed.
 */
const FeedTile = memo(function FeedTile({
  event,
  timeZone,
  childNames,
}: {
  event: FeedItem;
  timeZone: string;
  childNames: (ids: readonly string[]) => string[];
}) {
  return <EventTileLink event={event} timeZone={timeZone} childNames={childNames(event.taggedPeople)} />;
});

export const MonthSection = memo(function MonthSection({
  group,
  today,
  timeZone,
  weather,
  childNames,
  drawUntil,
}: {
  group: MonthGroup;
  today: string;
  timeZone: string;
  weather: Map<string, DayWeather>;
  childNames: (ids: readonly string[]) => string[];
  /** The last day to draw ('YYYY-MM-DD'); null draws the whole month. */
  drawUntil: string | null;
}) {
  const title = monthTitle(group.month, today.slice(0, 7));
  const blocks = drawUntil ? group.blocks.filter((block) => (block.kind === "gap" ? block.from : block.day) <= drawUntil) : group.blocks;
  return (
    <section
      aria-label={title}
      data-month={group.month}
      className="flex flex-col gap-4"
    >
      <h2 className="pt-4 font-display text-headline text-ink-soft">{title}</h2>
      {group.monthEvents.length ? (
        <div className="flex flex-col gap-2 rounded-card bg-sun-soft/70 p-3">
          <p className="text-footnote font-semibold tracking-wide text-ink-soft uppercase">All month</p>
          {group.monthEvents.map((event) => (
            <FeedTile key={event._id} event={event} timeZone={timeZone} childNames={childNames} />
          ))}
        </div>
      ) : null}
      {blocks.map((block) =>
        block.kind === "gap" ? (
          <GapRow key={`gap-${block.from}`} from={block.from} to={block.to} />
        ) : (
          <DayBlock key={block.day} day={block.day} isToday={block.day === today} weather={weather.get(block.day)}>
            {block.events.map((event) => (
              <FeedTile key={event._id} event={event} timeZone={timeZone} childNames={childNames} />
            ))}
          </DayBlock>
        ),
      )}
    </section>
  );
});
