/**
 * A parent's visible events by their day in the parent's zone: what calendar
 * conflicts, reminder pushes and the weekly preview read. Timed starts are
 * UTC instants and all-day starts are dates, so one day either side of the
 * span covers every zone; the exact day is decided after the query.
 */
import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/feed/calendar-keys";
import { localDate } from "~/lib/zoned-time";
import type { Db } from "../db/client";
import { events } from "../db/schema";

export type DayEvent = typeof events.$inferSelect & { day: string };

/** Events of days `first` … `last` ('YYYY-MM-DD', inclusive), hidden ones left out; `only` narrows further. */
export async function eventsOnDays(
  db: Db,
  userId: string,
  span: { first: string; last: string; timeZone: string },
  only?: SQL,
): Promise<DayEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        eq(events.dislike, false),
        gte(events.start, addDays(span.first, -1)),
        lt(events.start, addDays(span.last, 2)),
        only,
      ),
    );
  return rows
    .map((row) => ({ ...row, day: row.dateTime ? localDate(new Date(row.start), span.timeZone) : row.start.slice(0, 10) }))
    .filter((row) => row.day >= span.first && row.day <= span.last);
}
