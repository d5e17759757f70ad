/**
 * Mail is read in the family's time zone (its owner's, run-job.ts): "9:00 am"
 * is nine in the morning where the family lives. A source read before Cubby
 * knew the zone was read in UTC, and a 9:00 am trip showed at 4am in
 * Toronto. The phone tells the zone on the first signed-in page
 * (POST /api/timezone); when that first saves it, the family's mail and web
 * pages already read are read again in it, through the queue. Calendars are
 * left to the daily refresh (school-calendars.ts): their times carry their own
 * zones, and the first page a parent opens, before any school is picked,
 * already saves it.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { messages, urlSources, type SourceStatus } from "../db/schema";
import type { IngestJob } from "./jobs";
import { queueSources } from "./queue-sources";

/** Sources whose events came from a reading; held, parked and queued ones are read later, in the zone. */
const READ: SourceStatus[] = ["extracted", "failed"];

/** Returns how many sources were queued to be read again. */
export async function readAgainInZone(db: Db, env: Env, familyKey: string): Promise<number> {
  const mail = await db
    .update(messages)
    .set({ status: "pending", statusDetail: null })
    .where(and(eq(messages.userId, familyKey), inArray(messages.status, READ)))
    .returning({ id: messages.id });
  // Calendars are stored as URL sources too, but are read from their own format by their own refresh.
  const pages = await db
    .select({ id: urlSources.id })
    .from(urlSources)
    .where(and(eq(urlSources.userId, familyKey), inArray(urlSources.status, READ), ne(urlSources.contentType, "text/calendar")));
  const jobs: IngestJob[] = [
    ...mail.map((message) => ({ kind: "message" as const, userId: familyKey, messageId: message.id, rescan: true })),
    ...pages.map((page) => ({ kind: "url" as const, userId: familyKey, urlSourceId: page.id, rescan: true })),
  ];
  await queueSources(env, familyKey, jobs);
  return jobs.length;
}
