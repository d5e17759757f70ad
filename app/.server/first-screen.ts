/**
 * The /focus page's data (ADR 012): the events that draw the first screen, in
 * the parent's zone at the moment the feed opened. The rest of the year comes
 * from GET /api/events once the page is awake.
 */
import { eq } from "drizzle-orm";
import { calendarDay, dayKey } from "~/lib/calendar-day";
import type { FeedEvent } from "~/lib/event";
import { firstScreen, type FirstScreen } from "~/lib/feed/first-screen";
import type { Db } from "./db/client";
import { users } from "./db/schema";
import { listEvents } from "./events";
import type { FamilyScope } from "./family/membership";

/** The family's events (ADR 026, from its shard `db`), in the zone of the parent looking (the `directory`'s). */
export async function firstScreenOf(db: Db, directory: Db, scope: FamilyScope, openedAt: number): Promise<FirstScreen> {
  const [user] = await directory.select({ timezone: users.timezone }).from(users).where(eq(users.id, scope.userId));
  // No saved zone yet: the feed draws in UTC until the browser's zone is known, as on the page (FocusFeed).
  const timeZone = user?.timezone || "UTC";
  const events = (await listEvents(db, scope)) as FeedEvent[];
  return firstScreen(events, { timeZone, today: dayKey(calendarDay(new Date(openedAt), timeZone)), now: openedAt });
}
