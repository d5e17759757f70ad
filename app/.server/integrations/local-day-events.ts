/**
 * A parent's visible events by their day in the parent's zone: what calendar
 * conflicts, reminder pushes and the weekly preview read. Timed starts are
 * UTC instants and all-day starts are dates, so one day either side of the
 * span covers every zone; the exact day is decided after the query.
 *
 * Ranges and weekly series count on every day they cover, as the feed shows
 * them (spec §4: one copy per day, weekly byDay kept): the feed's own
 * expansion decides the days, so the app and these jobs never disagree.
 */
import { and, eq, gte, isNull, lt, or, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/calendar-day";
import { expandRange } from "~/lib/feed/expand";
import { toItem, type FeedClock } from "~/lib/feed/item";
import type { Db } from "../db/client";
import { events } from "../db/schema";
import { eventView } from "../events";

/**
 * An event on one of its days. A range or series gives one per day it covers,
 * each with that day's start and end (the original's time of day); `id` stays
 * the event's own.
 */
export type DayEvent = typeof events.$inferSelect & { day: string };

/** Events of days `first` … `last` ('YYYY-MM-DD', inclusive), hidden ones left out; `only` narrows further. */
export async function eventsOnDays(
  db: Db,
  userId: string,
  span: { first: string; last: string; timeZone: string },
  only?: SQL,
): Promise<DayEvent[]> {
  const from = addDays(span.first, -1);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        eq(events.dislike, false),
        // Waiting for a parent's answer: no reminder, preview or conflict until it is added (issue 30).
        eq(events.needsReview, false),
        lt(events.start, addDays(span.last, 2)),
        // A range that began before the span may still cover its days; an open-ended series always may.
        or(
          gte(events.start, from),
          and(eq(events.range, true), or(isNull(events.endRange), gte(events.endRange, from), gte(events.end, from))),
        ),
        only,
      ),
    );
  // Only the days matter here; `today` and `now` just feed the copies' upcoming flag, unused.
  const clock: FeedClock = { timeZone: span.timeZone, today: span.first, now: 0 };
  return rows.flatMap((row) =>
    expandRange(toItem(eventView(row), clock), clock)
      .filter((copy) => copy.day >= span.first && copy.day <= span.last)
      .map((copy) => ({ ...row, start: copy.start, end: copy.end, day: copy.day })),
  );
}
