/**
 * Importing the calendars a parent's family follows (spec §7
 * `GET /api/checkcalendars`): the feeds of the children's schools in the
 * directory, and the school and club calendar links the parent added
 * themselves (calendar-links.ts). Each feed goes through the same path as any
 * other source (read → extract → merge with a mention), so a feed read twice
 * adds nothing the second time.
 *
 * Fetching a feed is an outside service: the real fetcher goes through
 * safeFetch; the local fake serves the bundled files in data/schools/calendars,
 * so development and tests never touch the network.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { database, type Db } from "./db/client";
import { familyDb, familyShards } from "./family/data";
import { calendarLinks, urlSources, users } from "./db/schema";
import { isLocalHost } from "./auth/cookies";
import { childrensSchools } from "./children";
import { config } from "./env";
import { extractEvents } from "./extract/pipeline";
import { readIcs } from "./extract/read/ics";
import { chooseExtractor } from "./ingest/extractor";
import { progressOf } from "./ingest/queue-sources";
import { checkUrl, dohResolver, safeFetch, UrlRefused, type HostResolver } from "./ingest/safe-fetch";
import { storeUrlSourceEvents } from "./ingest/url-source-events";
import { packWhatIsPast } from "./past-months";
import { mentionsSchool, normaliseSchoolName } from "./tagging/schools";
import { calendarLinkSite } from "~/lib/calendar-link";

export interface CalendarFeedFetcher {
  /** The feed's iCalendar text; throws when it cannot be had. */
  fetchFeed(url: string): Promise<string>;
}

export const NOT_A_CALENDAR = "That link is not a calendar. Look for an iCal, ICS or webcal link.";

/** The real fetcher: safeFetch (public addresses only, redirects re-checked, 5 MB), iCalendar only. */
export function safeFeedFetcher(resolver: HostResolver = dohResolver()): CalendarFeedFetcher {
  return {
    async fetchFeed(url) {
      const feed = await safeFetch(url, { resolver, allowCalendar: true });
      if (feed.contentType !== "text/calendar") throw new UrlRefused(NOT_A_CALENDAR);
      return new TextDecoder().decode(feed.bytes);
    },
  };
}

export const realFeedFetcher = safeFeedFetcher();

// Bundled at build time: the sample directory's feeds, by file name.
const BUNDLED = import.meta.glob<string>("../../data/schools/calendars/*.ics", {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Serves a feed URL by its last path segment from the bundled files. It
 * refuses what safeFetch refuses before any lookup (private and loopback
 * addresses, other schemes), so development shows the same errors.
 */
export const localFeedFetcher: CalendarFeedFetcher = {
  async fetchFeed(url) {
    const file = checkUrl(url).pathname.split("/").pop() ?? "";
    const entry = Object.entries(BUNDLED).find(([path]) => path.endsWith(`/${file}`));
    if (!entry) throw new UrlRefused("That page answered 404.");
    return entry[1];
  },
};

/** Tests put a fetcher here (safeFetch with a fake resolver) to drive the real path. */
export const feedFetcherOverride: { current: CalendarFeedFetcher | null } = { current: null };

/** The fake wherever the app itself runs on localhost (development, preview, tests). */
export function chooseFeedFetcher(env: Env): CalendarFeedFetcher {
  if (feedFetcherOverride.current) return feedFetcherOverride.current;
  return isLocalHost(new URL(config(env).APP_URL)) ? localFeedFetcher : realFeedFetcher;
}

/**
 * The feed's own name when it names its school, else the school's name.
 * Tagging knows whose school a source is from by its title ("Events 2026-27"
 * names none), and the feed is that school's by definition. A club's link with
 * no name of its own is called by the feed's name, else its site.
 */
function feedTitle(calendarName: string, feed: CalendarFeed): string {
  if (!feed.name) return calendarName || calendarLinkSite(feed.url);
  return mentionsSchool(calendarName, normaliseSchoolName(feed.name), false) ? calendarName : feed.name;
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

/** One calendar to read: a directory school's feed or a link the parent added. */
export interface CalendarFeed {
  url: string;
  /** The school's (or the parent's) name for it; "" when the parent gave none. */
  name: string;
  /** The school's mail domain, shown as the mention's address. */
  address: string;
}

export interface FeedImport {
  sourceId: string;
  title: string;
  created: number;
  eventsCount: number;
}

/** Reads one feed into the parent's events; throws (nothing stored) when it cannot be fetched or read. */
export async function importFeed(
  db: Db,
  env: Env,
  userId: string,
  feed: CalendarFeed,
  fetcher: CalendarFeedFetcher = chooseFeedFetcher(env),
): Promise<FeedImport> {
  const text = await fetcher.fetchFeed(feed.url);
  let document;
  try {
    document = readIcs(text, `${feed.name || "calendar"}.ics`);
  } catch {
    throw new UrlRefused(NOT_A_CALENDAR);
  }
  // The parent's zone is the directory's; the feed's rows (db), the family's.
  const user = await database(env).query.users.findFirst({ where: eq(users.id, userId), columns: { timezone: true } });
  const timeZone = user?.timezone ?? "UTC";
  const title = feedTitle(document.subject, feed);
  const source = await storeFeed(db, userId, feed.url, title, text);
  const found = await extractEvents(document, { now: source.parsedAt, timeZone }, chooseExtractor(env));
  const merged = await storeUrlSourceEvents(
    db,
    env,
    userId,
    { id: source.id, kind: "url", sender: feed.name || title, address: feed.address, date: source.parsedAt, url: feed.url },
    found,
    timeZone,
  );
  return { sourceId: source.id, title, created: merged.created, eventsCount: merged.eventIds.length };
}

/** Every calendar the parent follows: their children's directory schools' feeds, then their own links. */
export async function calendarsOf(db: Db, directory: Db, userId: string): Promise<CalendarFeed[]> {
  const [schools, links] = await Promise.all([
    childrensSchools(db, directory, userId),
    db.select().from(calendarLinks).where(eq(calendarLinks.userId, userId)).orderBy(calendarLinks.createdAt),
  ]);
  const feeds: CalendarFeed[] = [
    ...schools.filter((school) => school.calendarUrl).map((school) => ({ url: school.calendarUrl!, name: school.name, address: school.domain ?? "" })),
    ...links.map((link) => ({ url: link.url, name: link.name, address: "" })),
  ];
  // The same feed twice (a link to a directory school's own calendar) is read once.
  return feeds.filter((feed, index) => feeds.findIndex((other) => other.url === feed.url) === index);
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
  const feeds = await calendarsOf(db, database(env), userId);
  if (feeds.length === 0) return { success: true, totalEventsCreated: 0 };
  let totalEventsCreated = 0;
  let failures = 0;
  for (const feed of feeds) {
    try {
      totalEventsCreated += (await importFeed(db, env, userId, feed, fetcher)).created;
    } catch (error) {
      // One broken feed must not keep the others out.
      failures += 1;
      console.warn("Calendar import failed", calendarLinkSite(feed.url), String(error));
    }
  }
  await packWhatIsPast(db, userId);
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
export async function refreshSchoolCalendars(_directory: Db, env: Env, now: Date): Promise<{ parents: number }> {
  let parents = 0;
  for (const { shard, db: rows } of familyShards(env)) {
    const due = await rows
      .selectDistinct({ userId: urlSources.userId })
      .from(urlSources)
      .where(and(eq(urlSources.contentType, "text/calendar"), lt(urlSources.parsedAt, new Date(now.getTime() - SCHOOL_CALENDAR_REFRESH_MS))))
      .orderBy(sql`random()`)
      .limit(PARENTS_PER_RUN);
    for (const { userId } of due) await checkSchoolCalendars(familyDb(env, { key: userId, shard }), env, userId);
    parents += due.length;
  }
  return { parents };
}
