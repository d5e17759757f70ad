/**
 * One day of the feed: a day marker (weekday and date, 60 px tall and sticky,
 * spec §2) beside that day's events, or 'No Events Today'.
 */
import type { ReactNode } from "react";
import { weekdayShort, type CalendarDay } from "~/lib/dates";

export function DayBlock({ day, isToday, children }: { day: CalendarDay; isToday: boolean; children?: ReactNode }) {
  const empty = !children || (Array.isArray(children) && children.length === 0);
  return (
    <section aria-label={`${weekdayShort(day)} ${day.day}${isToday ? ", today" : ""}`} className="flex gap-4">
      <div className="sticky top-[calc(3.5rem+max(env(safe-area-inset-top),0.75rem)+0.5rem)] flex h-15 w-12 shrink-0 flex-col items-center justify-center self-start">
        <span className={`text-footnote font-semibold uppercase ${isToday ? "text-brand" : "text-ink-faint"}`}>
          {weekdayShort(day)}
        </span>
        <span
          className={`mt-0.5 flex size-9 items-center justify-center rounded-full font-display text-headline ${
            isToday ? "bg-brand text-white" : "text-ink"
          }`}
        >
          {day.day}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 py-1">
        {empty ? (
          <p className="flex h-13 items-center rounded-field border border-dashed border-line-strong px-4 text-callout text-ink-faint">
            No Events Today
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
