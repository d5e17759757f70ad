/**
 * How an event row keeps its mentions (`events.mention_list`, issue 32): a JSON array with
 * one short-keyed entry per source. The list is in every event row, so its keys were paid
 * for in every row: spelled out (`sourceContentId`, `sourceSender`, …) they were a third of
 * an entry. Entries leave out an empty sender or address and a missing URL.
 *
 * The app reads and writes `MentionEntry`; only this module and the SQL that looks into a
 * list (`MENTION_SOURCE_ID`) know the stored form.
 */
import { customType } from "drizzle-orm/sqlite-core";

/** One source's mention of an event: an event has one or more, at most one per source. */
export interface MentionEntry {
  /** The message or URL source id. */
  sourceContentId: string;
  /** 'email', 'email-pdf', 'url' or 'url-pdf'. */
  sourceType: string;
  sourceSender: string;
  sourceAddress: string;
  /** Milliseconds since the epoch. */
  sourceDate: number;
  sourceURL: string | null;
}

/** A mention as the row keeps it. */
interface StoredMention {
  /** sourceContentId */
  i: string;
  /** sourceType */
  t: string;
  /** sourceSender, when not empty */
  s?: string;
  /** sourceAddress, when not empty */
  a?: string;
  /** sourceDate */
  d: number;
  /** sourceURL, when there is one */
  u?: string;
}

/** The JSON path of a stored mention's source id, for SQL that looks into a list. */
export const MENTION_SOURCE_ID = "$.i";

export function storedMention(m: MentionEntry): StoredMention {
  return {
    i: m.sourceContentId,
    t: m.sourceType,
    ...(m.sourceSender ? { s: m.sourceSender } : {}),
    ...(m.sourceAddress ? { a: m.sourceAddress } : {}),
    d: m.sourceDate,
    ...(m.sourceURL ? { u: m.sourceURL } : {}),
  };
}

/** A row's list, as the app reads it. */
export function readMentionList(value: string): MentionEntry[] {
  return (JSON.parse(value) as StoredMention[]).map((m) => ({
    sourceContentId: m.i,
    sourceType: m.t,
    sourceSender: m.s ?? "",
    sourceAddress: m.a ?? "",
    sourceDate: m.d,
    sourceURL: m.u ?? null,
  }));
}

/** The `mention_list` column: `MentionEntry[]` to the app, short-keyed JSON in the row. */
export const mentionListColumn = customType<{ data: MentionEntry[]; driverData: string }>({
  dataType: () => "text",
  toDriver: (list) => JSON.stringify(list.map(storedMention)),
  fromDriver: readMentionList,
});
