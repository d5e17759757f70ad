/**
 * The calendar feed behind a token: the owner's events written out, with
 * what HTTP caching needs. Tier plays no part: Basic and Premium alike.
 */
import { asc, eq } from "drizzle-orm";
import { isTimeZone, localDate, zonedInstant } from "~/lib/time-zone";
import { sha256Hex } from "../auth/crypto";
import { database } from "../db/client";
import { familyDb } from "../family/data";
import { calendarFeeds, children, users } from "../db/schema";
import { listRevisedEvents } from "../events";
import { membershipOf } from "../family/membership";
import { writeCalendar } from "./write";

export interface CalendarFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/** The feed of the parent whose token this is; null for a token nobody holds. */
export async function readCalendarFeed(env: Env, token: string, now = new Date()): Promise<CalendarFeed | null> {
  const db = database(env);
  const [owner] = await db
    .select({ userId: calendarFeeds.userId, linkedAt: calendarFeeds.createdAt, timezone: users.timezone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  if (!owner) return null;
  const timeZone = owner.timezone && isTimeZone(owner.timezone) ? owner.timezone : "UTC";
  // The family's events (ADR 026), as the parent whose link this is sees them.
  const family = await membershipOf(db, owner.userId);
  const { key } = family;
  const rows = familyDb(env, family);
  const [events, kids] = await Promise.all([
    listRevisedEvents(rows, { key, userId: owner.userId }),
    rows
      .select({ _id: children.id, firstName: children.firstName, createdAt: children.createdAt })
      .from(children)
      .where(eq(children.userId, key))
      .orderBy(asc(children.createdAt)),
  ]);
  const today = localDate(now, timeZone);
  const body = writeCalendar({ events, children: kids, clock: { timeZone, today, now: now.getTime() } });
  // The latest change Cubby keeps a time of. A deleted event or a renamed child leaves none, and the
  // series are made exact from today on, so the start of today counts too: a client that only sends
  // If-Modified-Since sees those within a day; one that sends the ETag sees them at once.
  const changes = [
    owner.linkedAt.getTime(),
    zonedInstant(`${today}T00:00`, timeZone).getTime(),
    ...kids.map((kid) => kid.createdAt.getTime()),
    ...events.map((event) => Date.parse(event.updatedAt ?? event.createdAt)),
  ];
  const lastModified = new Date(changes.reduce((latest, at) => Math.max(latest, at)));
  return { body, etag: `"${await sha256Hex(body)}"`, lastModified };
}
