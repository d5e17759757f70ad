/**
 * Made-up events written for the signed-in parent, through the app's own
 * database binding (development only: the local services' door, ADR 011).
 * The full-feed e2e test and `npm run lighthouse` use it: a second process (wrangler) writing into
 * the running app's local D1 underneath it is not something to rely on.
 */
import { z } from "zod";
import type { Db } from "./db/client";
import { events } from "./db/schema";

const SampleMention = z.object({
  sourceContentId: z.string().min(1).max(200),
  sourceType: z.string().min(1).max(20),
  sourceSender: z.string().max(200).nullable(),
  sourceAddress: z.string().max(320).nullable(),
  sourceDate: z.iso.datetime(),
  sourceURL: z.string().max(2000).nullable(),
});

const SampleEvent = z.object({
  _id: z.string().min(8).max(120),
  eventName: z.string().min(1).max(300),
  description: z.string().max(5000).nullable(),
  start: z.string().min(10).max(40),
  end: z.string().min(10).max(40).nullable(),
  dateTime: z.boolean(),
  tags: z.array(z.string().max(60)).max(20),
  range: z.boolean(),
  startRange: z.string().max(40).nullable(),
  endRange: z.string().max(40).nullable(),
  recurrence: z.object({ frequency: z.literal("weekly"), byDay: z.array(z.string().length(2)).max(7) }).nullable(),
  firstView: z.boolean(),
  dislike: z.boolean(),
  location: z.string().max(500).nullable(),
  createdAt: z.iso.datetime(),
  mentions: z.array(SampleMention).max(5),
});

export const SampleEvents = z.object({ events: z.array(SampleEvent).min(1).max(2000) });
export type SampleEventsBody = z.infer<typeof SampleEvents>;

/** Inserts the events (ids as given, which must be new) and their mentions for the parent. */
export async function writeSampleEvents(db: Db, userId: string, body: SampleEventsBody): Promise<number> {
  const eventRows = body.events.map(({ _id, mentions, createdAt, ...fields }) => ({
    ...fields,
    id: _id,
    userId,
    fingerprint: `sample-${_id}`,
    createdAt: new Date(createdAt),
    mentionList: mentions.map((mention) => ({
      sourceContentId: mention.sourceContentId,
      sourceType: mention.sourceType,
      sourceSender: mention.sourceSender ?? "",
      sourceAddress: mention.sourceAddress ?? "",
      sourceDate: Date.parse(mention.sourceDate),
      sourceURL: mention.sourceURL,
    })),
  }));
  // D1 binds at most 100 parameters per statement (an event row has about 30): small chunks, one batch.
  const statements = chunk(eventRows, 3).map((rows) => db.insert(events).values(rows));
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return eventRows.length;
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
