/**
 * Importing the calendars of the schools a parent's children attend (spec §7
 * `GET /api/checkcalendars`): each school's iCalendar feed goes through the
 * same path as any other source (read → extract → merge with a mention), so a
 * feed read twice adds nothing the second time.
 *
 * Fetching the feed is an outside service: the real fetcher goes through
 * safeFetch; the local fake serves the bundled files in data/schools/calendars,
 * so development and tests never touch the network.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { urlSources, users } from "./db/schema";
import { isLocalHost } from "./auth/cookies";
import { childrensSchools } from "./children";
import { config } from "./env";
import { extractEvents } from "./extract/pipeline";
import { readIcs } from "./extract/read/ics";
import { chooseExtractor } from "./ingest/extractor";
import { mergeEvents } from "./ingest/merge";
import { progressOf } from "./ingest/queue-sources";
import { dohResolver, safeFetch } from "./ingest/safe-fetch";
import { tagSourceEvents } from "./ingest/tag-events";
import { mentionsSchool, normaliseSchoolName } from "./tagging/schools";

export interface CalendarFeedFetcher {
  /** The feed's iCalendar text; throws when it cannot be had. */
  fetchFeed(url: string): Promise<string>;
}

export const realFeedFetcher: CalendarFeedFetcher = {
  async fetchFeed(url) {
    const feed = await safeFetch(url, { resolver: dohResolver(), allowCalendar: true });
    return new TextDecoder().decode(feed.bytes);
  },
};

// Bundled at build time: the sample directory's feeds, by file name.
const BUNDLED = import.meta.glob<string>("../../data/schools/calendars/*.ics", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Serves a feed URL by its last path segment from the bundled files. */
export const localFeedFetcher: CalendarFeedFetcher = {
  async fetchFeed(url) {
    const file = new URL(url).pathname.split("/").pop() ?? "";
    const entry = Object.entries(BUNDLED).find(([path]) => path.endsWith(`/${file}`));
    if (!entry) throw new Error(`No bundled calendar named ${file}`);
    return entry[1];
  },
};

/** The fake wherever the app itself runs on localhost (development, preview, tests). */
export function chooseFeedFetcher(env: Env): CalendarFeedFetcher {
  return isLocalHost(new URL(config(env).APP_URL)) ? localFeedFetcher : realFeedFetcher;
}

/**
 * The feed's own name when it names its school, else the school's name.
 * Tagging knows whose school a source is from by its title ("Events 2026-27"
 * names none), and the feed is that school's by definition.
 */
function feedTitle(calendarName: string, schoolName: string): string {
  return mentionsSchool(calendarName, normaliseSchoolName(schoolName), false) ? calendarName : schoolName;
}

/** The parent's stored copy of a feed: one URL source per parent and feed, refreshed on each check. */
async function storeFeed(db: Db, userId: string, url: string, title: string, text: string) {
  const existing = await db.query.urlSources.findFirst({
    where: and(eq(urlSources.userId, userId), eq(urlSources.url, url)),
  });
  if (existing) {
    const [row] = await db
      .update(urlSources)
      .set({ text, title, parsedAt: new Date() })
      .where(and(eq(urlSources.id, existing.id), eq(urlSources.userId, userId)))
      .returning();
    return row!;
  }
  const [row] = await db
    .insert(urlSources)
    .values({ userId, url, title, contentType: "text/calendar", text })
    .returning();
  return row!;
}

export interface CalendarCheck {
  success: boolean;
  totalEventsCreated: number;
}

export async function checkSchoolCalendars(
  db: Db,
  env: Env,
  userId: string,
  fetcher: CalendarFeedFetcher = chooseFeedFetcher(env),
): Promise<CalendarCheck> {
  const feeds = (await childrensSchools(db, userId)).filter((school) => school.calendarUrl);
  if (feeds.length === 0) return { success: true, totalEventsCreated: 0 };
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { timezone: true } });
  const timeZone = user?.timezone ?? "UTC";
  let totalEventsCreated = 0;
  let failures = 0;
  for (const school of feeds) {
    try {
      const text = await fetcher.fetchFeed(school.calendarUrl!);
      const document = readIcs(text, `${school.name}.ics`);
      const source = await storeFeed(db, userId, school.calendarUrl!, feedTitle(document.subject, school.name), text);
      const found = await extractEvents(document, { now: source.parsedAt, timeZone }, chooseExtractor(env));
      const merged = await mergeEvents(
        db,
        userId,
        { id: source.id, kind: "url", sender: school.name, address: school.domain ?? "", date: source.parsedAt, url: school.calendarUrl },
        found,
        timeZone,
      );
      // Like mail and web pages: the school's events go to the children at that school.
      await tagSourceEvents(db, userId, merged.eventIds);
      await db
        .update(urlSources)
        .set({ status: "extracted", eventsCount: merged.eventIds.length })
        .where(and(eq(urlSources.id, source.id), eq(urlSources.userId, userId)));
      totalEventsCreated += merged.created;
    } catch (error) {
      // One school's broken feed must not keep the others out.
      failures += 1;
      console.warn("School calendar import failed", school.id, String(error));
    }
  }
  // An open feed refetches (ADR 022); the daily refresh may have changed events without adding any.
  if (failures < feeds.length) await progressOf(env, userId).stored();
  return { success: failures < feeds.length, totalEventsCreated };
}

/** A school calendar is read again once it is a day old (design.md: the cron refreshes them). */
export const SCHOOL_CALENDAR_REFRESH_MS = 24 * 3_600_000;
/** Parents refreshed per cron run (every 15 minutes): a bounded amount of outside fetching per run. */
const PARENTS_PER_RUN = 10;

/**
 * The cron's part: parents whose stored school calendars are a day old get
 * them read again, so a date the school adds or moves reaches the feed
 * without the parent doing anything. Chosen at random among the due ones, so
 * a feed that keeps failing (and so stays old) cannot hold the others back.
 */
export async function refreshSchoolCalendars(db: Db, env: Env, now: Date): Promise<{ parents: number }> {
  const due = await db
    .selectDistinct({ userId: urlSources.userId })
    .from(urlSources)
    .where(and(eq(urlSources.contentType, "text/calendar"), lt(urlSources.parsedAt, new Date(now.getTime() - SCHOOL_CALENDAR_REFRESH_MS))))
    .orderBy(sql`random()`)
    .limit(PARENTS_PER_RUN);
  for (const { userId } of due) await checkSchoolCalendars(db, env, userId);
  return { parents: due.length };
}
