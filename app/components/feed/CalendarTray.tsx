/**
 * The month calendar under the top nav (spec §2): a SUN–SAT grid; days with
 * events are tappable and scroll the feed there; the active day is
 * highlighted; a swipe past 30 % of the width moves a month (spec §9).
 */
import { useRef, useState, type PointerEvent } from "react";
import { IconButton } from "~/components/ui/Button";
import { CloseIcon } from "~/components/ui/icons";
import { BackIcon, ChevronRightIcon } from "~/components/ui/screen-icons";
import { DAY_CODES, addDays, daysBetween, shiftMonth, weekdayOf } from "~/lib/calendar-day";
import { monthTitle } from "~/lib/feed/format";

const SWIPE_SHARE = 0.3;
const WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

function monthDays(month: string): (string | null)[] {
  const first = `${month}-01`;
  const length = daysBetween(first, `${shiftMonth(month, 1)}-01`);
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let n = 0; n < length; n++) cells.push(addDays(first, n));
  return cells;
}

export function CalendarTray({
  initialMonth,
  eventDays,
  today,
  activeDay,
  onPick,
  onClose,
}: {
  initialMonth: string;
  eventDays: ReadonlySet<string>;
  today: string;
  activeDay: string;
  onPick: (day: string) => void;
  onClose: () => void;
}) {
  const [month, setMonth] = useState(initialMonth);
  const [dragX, setDragX] = useState(0);
  const start = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = { x: event.clientX, width: event.currentTarget.clientWidth };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) setDragX(event.clientX - start.current.x);
  };
  const onPointerUp = () => {
    const drag = start.current;
    start.current = null;
    if (drag && Math.abs(dragX) > drag.width * SWIPE_SHARE) setMonth((m) => shiftMonth(m, dragX < 0 ? 1 : -1));
    setDragX(0);
  };

  return (
    // It hangs under the bar over the days rather than pushing them down: opening it moves
    // nothing else on the page, so a year of tiles is not laid out and painted again.
    <div id="month-calendar" className="absolute inset-x-0 top-full border-b border-line/70 bg-canvas motion-safe:animate-nav-in">
      <div className="mx-auto w-full max-w-md px-safe pb-3">
        {/* At large text (a screen under 22 em wide) the month name takes a row of its own above the arrows. */}
        <div className="flex flex-wrap items-center justify-between">
          <IconButton label="Previous month" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
            <BackIcon size={20} />
          </IconButton>
          <p className="font-display text-headline text-ink max-[22rem]:order-first max-[22rem]:w-full max-[22rem]:text-center" aria-live="polite">
            {monthTitle(month)}
          </p>
          <div className="flex">
            <IconButton label="Next month" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
              <ChevronRightIcon size={20} />
            </IconButton>
            <IconButton label="Close calendar" onClick={onClose}>
              <CloseIcon size={20} />
            </IconButton>
          </div>
        </div>
        <div
          role="grid"
          aria-label={monthTitle(month)}
          className="touch-pan-y select-none"
          style={{ transform: `translateX(${dragX}px)`, transition: dragX ? "none" : "transform 0.2s" }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <div role="row" className="grid grid-cols-7 text-center text-footnote font-semibold text-ink-faint">
            {WEEKDAYS.map((name, index) => (
              <span role="columnheader" key={name} aria-label={DAY_CODES[index]}>
                {/* At large text the three-letter names would run into each other: one letter each. */}
                <span className="max-[22rem]:hidden">{name}</span>
                <span aria-hidden="true" className="hidden max-[22rem]:inline">
                  {name[0]}
                </span>
              </span>
            ))}
          </div>
          <div role="row" className="mt-1 grid grid-cols-7 gap-y-0.5 text-center">
            {monthDays(month).map((day, index) => {
              if (!day) return <span aria-hidden="true" key={`blank-${index}`} />;
              const has = eventDays.has(day);
              const active = day === activeDay;
              const label = Number(day.slice(8));
              return (
                <span role="gridcell" key={day} className="flex justify-center">
                  {has ? (
                    <button
                      type="button"
                      onClick={() => onPick(day)}
                      aria-current={active ? "date" : undefined}
                      aria-label={`${monthTitle(month)} ${label}`}
                      className={`relative flex size-touch items-center justify-center rounded-full text-callout font-semibold ${
                        active ? "bg-brand text-on-accent" : day === today ? "text-brand" : "text-ink"
                      }`}
                    >
                      {label}
                      {!active ? <span aria-hidden="true" className="absolute bottom-1.5 size-1 rounded-full bg-brand" /> : null}
                    </button>
                  ) : (
                    <span className={`flex size-touch items-center justify-center text-callout ${day === today ? "font-semibold text-brand" : "text-ink-faint"}`}>
                      {label}
                    </span>
                  )}
                </span>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
