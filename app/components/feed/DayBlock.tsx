/**
 * One day of the feed: a day marker (weekday, date and the day's weather;
 * 60 px tall and sticky, spec §2) beside that day's events, or 'No Events Today'.
 */
import type { ReactNode } from "react";
import { dayParts } from "~/lib/calendar-day";
import { weekdayShort } from "~/lib/dates";
import { dayTemperature, type DayWeather } from "~/lib/feed/weather";
import { WeatherSymbolIcon } from "./WeatherSymbolIcon";

export function dayElementId(day: string): string {
  return `day-${day}`;
}

/** A day that is drawn only near the screen: see DayBlock. */
const DAY_OFF_SCREEN = "-mx-3 -mt-1 -mb-5 px-3 pt-1 pb-5 [content-visibility:auto]";
/** A tile and the gap under it, at the default text size: a day's height before it is first drawn. */
const TILE_ROOM_PX = 102;

/** Every day block on the page. */
export const DAY_ELEMENT_SELECTOR = 'section[id^="day-"]';

export function DayBlock({
  day,
  isToday,
  weather,
  children,
}: {
  day: string;
  isToday: boolean;
  weather?: DayWeather;
  children?: ReactNode;
}) {
  const parts = dayParts(day);
  const weekday = weekdayShort(parts);
  const tiles = Array.isArray(children) ? children.length : children ? 1 : 0;
  const empty = tiles === 0;
  return (
    <section
      id={dayElementId(day)}
      data-day={day}
      aria-label={`${weekday} ${parts.day}${isToday ? ", today" : ""}`}
      // A day off screen is neither styled, laid out nor painted (`content-visibility`; until it
      // has been drawn once it is as tall as its tiles would be, so a jump lands where it aims):
      // with a year of events, a tap that changes the page would otherwise restyle and repaint
      // every day of it. It clips what it paints to its box, so the box reaches as far as the
      // tiles' shadows, and its margins take that room back. Not today: the page opens on it,
      // and its marker above it must be laid out from the first frame.
      className={`scroll-mt-below-bar flex gap-3 ${isToday ? "opens-below-bar" : DAY_OFF_SCREEN}`}
      style={isToday ? undefined : { containIntrinsicSize: `auto ${Math.max(1, tiles) * TILE_ROOM_PX}px` }}
    >
      <div className="top-below-bar sticky flex h-15 w-12 shrink-0 flex-col items-center justify-center self-start">
        <span className={`text-footnote leading-none font-semibold uppercase ${isToday ? "text-brand-strong" : "text-ink-soft"}`}>
          {weekday}
        </span>
        <span
          className={`mt-1 flex size-8 items-center justify-center rounded-full font-display text-headline leading-none ${
            isToday ? "bg-brand text-on-accent" : "text-ink"
          }`}
        >
          {parts.day}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 py-1">
        {weather ? (
          <p className="-mb-0.5 flex items-center gap-1 text-footnote text-ink-soft">
            <WeatherSymbolIcon symbol={weather.symbol} size={16} />
            <span className="tabular-nums">{dayTemperature(weather)}</span>
          </p>
        ) : null}
        {empty ? (
          <p className="flex h-13 items-center rounded-field border border-dashed border-line-strong px-4 text-callout text-ink-soft">
            No Events Today
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** Empty days between event days: one date or a range, quiet (spec §2 "Gaps"). */
function shortDay(key: string): string {
  const parts = dayParts(key);
  return `${weekdayShort(parts)} ${parts.day}`;
}

export function GapRow({ from, to }: { from: string; to: string }) {
  const format = shortDay;
  const text = from === to ? format(from) : `${format(from)} – ${format(to)}`;
  return (
    <p className="flex items-center gap-3 pl-3 text-footnote text-ink-soft">
      <span aria-hidden="true" className="h-4 w-px bg-line-strong" />
      <span>{text}</span>
      <span className="sr-only">no events</span>
    </p>
  );
}
