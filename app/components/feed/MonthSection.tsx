/**
 * One month of the feed: its title, month-wide events (spec §2 "Month-wide
 * events appear in a month section"), then day blocks and the gaps between
 * them. Months away from today skip rendering until scrolled near
 * (content-visibility), which keeps a long feed quick on a phone.
 */
import { memo } from "react";
import type { MonthGroup } from "~/lib/feed/days";
import { monthTitle } from "~/lib/feed/format";
import { DayBlock, GapRow } from "./DayBlock";
import { EventTileLink } from "./EventTile";
import type { DayWeather } from "./use-weather";

export const MonthSection = memo(function MonthSection({
  group,
  today,
  timeZone,
  weather,
  childNames,
  lazy,
}: {
  group: MonthGroup;
  today: string;
  timeZone: string;
  weather: Map<string, DayWeather>;
  childNames: (ids: readonly string[]) => string[];
  lazy: boolean;
}) {
  const title = monthTitle(group.month, today.slice(0, 7));
  const eventCount = group.days.reduce((sum, day) => sum + day.events.length, 0);
  return (
    <section
      aria-label={title}
      data-month={group.month}
      className="flex flex-col gap-4"
      style={lazy ? { contentVisibility: "auto", containIntrinsicSize: `auto ${200 + eventCount * 80}px` } : undefined}
    >
      <h2 className="pt-4 font-display text-headline text-ink-soft">{title}</h2>
      {group.monthEvents.length ? (
        <div className="flex flex-col gap-2 rounded-card bg-sun-soft/70 p-3">
          <p className="text-footnote font-semibold tracking-wide text-ink-soft uppercase">All month</p>
          {group.monthEvents.map((event) => (
            <EventTileLink key={event._id} event={event} timeZone={timeZone} childNames={childNames(event.taggedPeople)} to={`event/${encodeURIComponent(event._id)}`} />
          ))}
        </div>
      ) : null}
      {group.blocks.map((block) =>
        block.kind === "gap" ? (
          <GapRow key={`gap-${block.from}`} from={block.from} to={block.to} />
        ) : (
          <DayBlock key={block.day} day={block.day} isToday={block.day === today} weather={weather.get(block.day)}>
            {block.events.map((event) => (
              <EventTileLink
                key={event._id}
                event={event}
                timeZone={timeZone}
                childNames={childNames(event.taggedPeople)}
                to={`event/${encodeURIComponent(event._id)}`}
              />
            ))}
          </DayBlock>
        ),
      )}
    </section>
  );
});
