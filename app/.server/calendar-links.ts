/**
 * School and club calendar links a parent added themselves (issue 15): on the
 * profile's "Calendars" and from "My school isn't listed". A link is checked
 * (normalised, fetched through safeFetch, read as iCalendar) before anything
 * is saved, so a bad link costs nothing; it is then read like a directory
 * school's calendar, refreshed by the daily cron, and removing it takes its
 * events out of the feed. Every query carries the parent's id.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { normaliseCalendarLink } from "~/lib/calendar-link";
import type { Db } from "./db/client";
import { familyEventsMentioning, mentions, withoutMentionsOf } from "./events";
import { unpackWhere } from "./past-months";
import { calendarLinks, events, urlSources } from "./db/schema";
import { UrlRefused } from "./ingest/safe-fetch";
import { chooseFeedFetcher, importFeed, type CalendarFeedFetcher } from "./school-calendars";

/** A guard against scripted abuse: every link is fetched daily on the parent's behalf. */
export const CALENDAR_LINKS_MAX = 20;

export const CalendarLinkBody = z
  .object({
    url: z.string().max(4096, "That calendar link is too long."),
    name: z.string().trim().max(100, "A calendar name has at most 100 characters.").optional(),
  })
  .strict();

export interface CalendarLinkView {
  _id: string;
  url: string;
  name: string;
  eventsCount: number;
}

export type AddCalendarLink =
  | { ok: true; calendar: CalendarLinkView; created: number }
  | { ok: false; status: 400 | 409 | 422; message: string };

export async function listCalendarLinks(db: Db, userId: string): Promise<CalendarLinkView[]> {
  const rows = await db
    .select({ link: calendarLinks, eventsCount: urlSources.eventsCount, title: urlSources.title })
    .from(calendarLinks)
    .leftJoin(urlSources, and(eq(urlSources.userId, calendarLinks.userId), eq(urlSources.url, calendarLinks.url)))
    .where(eq(calendarLinks.userId, userId))
    .orderBy(calendarLinks.createdAt);
  return rows.map(({ link, eventsCount, title }) => ({
    _id: link.id,
    url: link.url,
    name: link.name || title || "",
    eventsCount: eventsCount ?? 0,
  }));
}

/** Checks, reads and saves a link; nothing is saved when it is not a readable calendar. */
export async function addCalendarLink(
  db: Db,
  env: Env,
  userId: string,
  body: z.infer<typeof CalendarLinkBody>,
  fetcher: CalendarFeedFetcher = chooseFeedFetcher(env),
): Promise<AddCalendarLink> {
  const check = normaliseCalendarLink(body.url);
  if (!check.ok) return { ok: false, status: 400, message: check.message };
  const mine = await db.select({ url: calendarLinks.url }).from(calendarLinks).where(eq(calendarLinks.userId, userId));
  if (mine.some((link) => link.url === check.url)) return { ok: false, status: 409, message: "You already added this calendar." };
  if (mine.length >= CALENDAR_LINKS_MAX) {
    return { ok: false, status: 409, message: `You can add up to ${CALENDAR_LINKS_MAX} calendars.` };
  }
  const name = body.name ?? "";
  let read;
  try {
    read = await importFeed(db, env, userId, { url: check.url, name, address: "" }, fetcher);
  } catch (error) {
    if (error instanceof UrlRefused) return { ok: false, status: 422, message: error.message };
    console.warn("Calendar link could not be read", String(error));
    return { ok: false, status: 422, message: "Cubby could not read a calendar at that link." };
  }
  const [row] = await db
    .insert(calendarLinks)
    .values({ userId, url: check.url, name })
    .onConflictDoNothing()
    .returning();
  const link = row ?? (await db.query.calendarLinks.findFirst({ where: and(eq(calendarLinks.userId, userId), eq(calendarLinks.url, check.url)) }))!;
  return {
    ok: true,
    created: read.created,
    calendar: { _id: link.id, url: link.url, name: link.name || read.title, eventsCount: read.eventsCount },
  };
}

/**
 * Removes a link and what it brought: its stored copy, its mentions, and the
 * events no other source mentions (an event the school also mailed about stays).
 */
export async function removeCalendarLink(db: Db, userId: string, linkId: string): Promise<boolean> {
  const link = await db.query.calendarLinks.findFirst({
    where: and(eq(calendarLinks.id, linkId), eq(calendarLinks.userId, userId)),
  });
  if (!link) return false;
  const source = await db.query.urlSources.findFirst({
    where: and(eq(urlSources.userId, userId), eq(urlSources.url, link.url)),
    columns: { id: true },
  });
  const removeLink = db.delete(calendarLinks).where(and(eq(calendarLinks.id, link.id), eq(calendarLinks.userId, userId)));
  if (!source) {
    await removeLink;
    return true;
  }
  // Its past months' events go with it too: put back first (past-months.ts).
  await unpackWhere(db, userId, (row) => mentions(row, source.id));
  // Conditions on the rows, not id lists: a season's calendar holds more events than D1 takes bound parameters.
  const fromThisFeed = familyEventsMentioning(userId, source.id);
  await db.batch([
    // An event has one mention per source: one mention, from this feed, is this feed's alone.
    db.delete(events).where(and(fromThisFeed, sql`json_array_length(${events.mentionList}) = 1`)),
    // The events another source also mentions stay, without this feed's mention.
    db.update(events).set({ mentionList: withoutMentionsOf(source.id) }).where(fromThisFeed),
    db.delete(urlSources).where(and(eq(urlSources.id, source.id), eq(urlSources.userId, userId))),
    removeLink,
  ]);
  return true;
}
