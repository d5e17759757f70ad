/**
 * The end of reading a URL source (a page, a PDF, a school or club calendar):
 * its events merged into the parent's, tagged to their children, and the
 * source marked read with how many events it holds.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { urlSources } from "../db/schema";
import type { ExtractedEvent } from "../extract/types";
import { mergeEvents, type MergeResult, type SourceRef } from "./merge";
import { tagSourceEvents } from "./tag-events";

export async function storeUrlSourceEvents(
  db: Db,
  env: Env,
  userId: string,
  source: SourceRef,
  found: ExtractedEvent[],
  timeZone: string,
): Promise<MergeResult> {
  const merged = await mergeEvents(db, userId, source, found, timeZone);
  // Like mail: a school's or page's events go to the children they are about.
  await tagSourceEvents(db, env, userId, merged.eventIds);
  await db
    .update(urlSources)
    .set({ status: "extracted", eventsCount: merged.eventIds.length })
    .where(and(eq(urlSources.id, source.id), eq(urlSources.userId, userId)));
  return merged;
}
