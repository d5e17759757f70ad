/**
 * Past months packed (issue 32, ADR 038). An event that ended before this month is history:
 * the feed still shows it, the calendar feed out still lists it, but nothing asks for it by
 * day or flag any more. Its row leaves `events` for its family's packed month, one
 * compressed row per family and month (`event_months`), which is most of a family-year's
 * bytes: no row of its own, no index entries, and the months' repeated words compressed.
 *
 * Reads take the packed rows with the live ones (a live row wins: it is the newer). A write
 * to a packed event first puts its whole month back in `events`, in the same batch or just
 * before, and the next packing takes it out again. Packing runs after a family's mail or
 * calendars were read, when there is something to pack.
 */
import { and, eq, getTableColumns, inArray, is, isNotNull, isNull, lt, or, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { monthKey, shiftMonth } from "~/lib/calendar-day";
import type { Db } from "./db/client";
import { newId } from "./db/new-id";
import { deflate, inflate, packRows, unpackRows, type PackedRows } from "./db/packed-rows";
import { eventMonths, events, likes } from "./db/schema";
import { familyEventsWithIds } from "./db/family-events";

type EventRow = typeof events.$inferSelect;

/** One family's packed month, read. */
export interface PackedMonth {
  month: string;
  version: string;
  packed: PackedRows;
  rows: EventRow[];
}

/** Rows per delete when packing: each is named by four values, and D1 binds at most 100. */
const ROWS_PER_DELETE = 24;

/**
 * What is packed at `now`: events that ended before this month (a day earlier still, for the
 * zones behind UTC), made before this month (the profile counts this month's), with no
 * open-ended series, and saved to no parent's calendar. An unsure date of a past month is
 * packed too: it is no longer asked (unsure.ts asks for upcoming ones only).
 */
export function packable(key: string, now: Date): SQL {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const before = new Date(thisMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
  return and(
    eq(events.userId, key),
    lt(events.start, before),
    sql`coalesce(${events.endRange}, ${events.end}, ${events.start}) < ${before}`,
    or(isNull(events.recurrence), isNotNull(events.endRange)),
    // Written `+created_at` so that it filters without choosing the index: walked by start,
    // only the past's rows are read, not every row made before this month.
    sql`+${events.createdAt} < ${thisMonth.getTime()}`,
    // A parent's saves stay live: a like is its own row, which packing would take along.
    sql`not exists (select 1 from ${likes} where ${likes.eventId} = ${events.id})`,
  )!;
}

/** The family's packed months (all, or those named). */
export async function packedMonths(db: Db, key: string, months?: readonly string[]): Promise<PackedMonth[]> {
  if (months?.length === 0) return [];
  const where = months ? and(eq(eventMonths.userId, key), inArray(eventMonths.month, [...months])) : eq(eventMonths.userId, key);
  const stored = await db.select().from(eventMonths).where(where);
  return Promise.all(
    stored.map(async ({ month, version, events: bytes }) => {
      const packed = await inflate(bytes);
      return { month, version, packed, rows: unpackRows(events, packed) };
    }),
  );
}

/** The live rows and the packed ones not also live, by start. */
export function withPacked(live: readonly EventRow[], months: readonly PackedMonth[]): EventRow[] {
  if (!months.length) return [...live];
  const ids = new Set(live.map((row) => row.id));
  const packed = months.flatMap((month) => month.rows.filter((row) => !ids.has(row.id)));
  return [...live, ...packed].toSorted((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** 'YYYY-MM' of every month from the one of `from` to the one of `to` (ISO dates). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthKey(from); month <= monthKey(to); month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/** The statement that makes the others of a batch depend on the month being as it was read. */
function stillAsRead(key: string, month: string, version: string): SQL {
  return sql`exists (select 1 from ${eventMonths} where ${eventMonths.userId} = ${key} and ${eventMonths.month} = ${month} and ${eventMonths.version} = ${version})`;
}

/**
 * The statements that put a packed month back in `events`: its rows (unless the month was
 * written again since it was read, or a row is live already) and then the month's deletion.
 */
export function unpackStatements(db: Db, key: string, month: PackedMonth): BatchItem<"sqlite">[] {
  // Every column of the table as it is now, in its order: a column added since the month was
  // packed takes its default.
  const values = Object.values(getTableColumns(events)).map((column) => {
    const at = month.packed.c.indexOf(column.name);
    if (at >= 0) return sql.raw(`json_extract(value, '$[${at}]')`);
    return column.default === undefined ? sql`null` : is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
  });
  const same = stillAsRead(key, month.month, month.version);
  return [
    db
      .insert(events)
      .select(sql`select ${sql.join(values, sql`, `)} from json_each(${JSON.stringify(month.packed.r)}) where ${same}`)
      .onConflictDoNothing(),
    db.delete(eventMonths).where(and(eq(eventMonths.userId, key), eq(eventMonths.month, month.month), eq(eventMonths.version, month.version))),
  ];
}

async function unpack(db: Db, key: string, months: readonly PackedMonth[]): Promise<number> {
  if (months.length) await db.batch(months.flatMap((month) => unpackStatements(db, key, month)) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return months.length;
}

/** Puts back every packed month with a row `wanted` picks; how many months it put back. */
export async function unpackWhere(db: Db, key: string, wanted: (row: EventRow) => boolean): Promise<number> {
  return unpack(db, key, (await packedMonths(db, key)).filter((month) => month.rows.some(wanted)));
}

/** Puts back every packed month of these families (before their rows move to another key or shard). */
export async function unpackFamilies(db: Db, ...keys: string[]): Promise<void> {
  for (const key of keys) await unpackWhere(db, key, () => true);
}

/** Puts back the packed month of this event, if it is packed: true when it was. */
export async function unpackEvent(db: Db, key: string, eventId: string): Promise<boolean> {
  return (await unpackWhere(db, key, (row) => row.id === eventId)) > 0;
}

/** A write to one event by id, run again once its month is put back if it found no live row. */
export async function onLiveEvent<T>(db: Db, key: string, eventId: string, write: () => Promise<T | undefined>): Promise<T | undefined> {
  const done = await write();
  if (done !== undefined) return done;
  return (await unpackEvent(db, key, eventId)) ? write() : undefined;
}

/** Packs the family's events that are past enough (`packable`); how many rows it packed. */
export async function packPastMonths(db: Db, key: string, now: Date): Promise<number> {
  const rows = await db.select().from(events).where(packable(key, now));
  if (!rows.length) return 0;
  const byMonth = new Map<string, EventRow[]>();
  for (const row of rows) {
    const month = monthKey(row.start);
    const inMonth = byMonth.get(month);
    if (inMonth) inMonth.push(row);
    else byMonth.set(month, [row]);
  }
  const existing = new Map((await packedMonths(db, key, [...byMonth.keys()])).map((month) => [month.month, month]));

  const writes: BatchItem<"sqlite">[] = [];
  for (const [month, fresh] of byMonth) {
    const old = existing.get(month);
    const freshIds = new Set(fresh.map((row) => row.id));
    const all = [...(old?.rows.filter((row) => !freshIds.has(row.id)) ?? []), ...fresh];
    const version = newId();
    const bytes = await deflate(packRows(events, all));
    writes.push(
      db
        .insert(eventMonths)
        .values({ userId: key, month, events: bytes, version })
        .onConflictDoUpdate({
          target: [eventMonths.userId, eventMonths.month],
          set: { events: bytes, version },
          // Written by another packing since it was read: this one changes nothing.
          setWhere: sql`${eventMonths.version} = ${old?.version ?? ""}`,
        }),
    );
    // A row is deleted only as it was packed: one written meanwhile (a like, a mention) stays live.
    for (let i = 0; i < fresh.length; i += ROWS_PER_DELETE) {
      const chunk = fresh.slice(i, i + ROWS_PER_DELETE);
      const asPacked = chunk.map((row) => sql`(${row.id}, ${row.sequence}, ${events.mentionList.mapToDriverValue(row.mentionList)})`);
      writes.push(
        db
          .delete(events)
          .where(
            and(
              familyEventsWithIds(key, chunk.map((row) => row.id)),
              sql`(${events.id}, ${events.sequence}, ${events.mentionList}) in (values ${sql.join(asPacked, sql`, `)})`,
              stillAsRead(key, month, version),
            ),
          ),
      );
    }
  }
  await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return rows.length;
}

/**
 * Packing as the family's mail or calendars were read: housekeeping, so a failure is logged
 * and tried again next time, and the reading it follows still counts.
 */
export async function packWhatIsPast(db: Db, key: string, now = new Date()): Promise<void> {
  try {
    await packPastMonths(db, key, now);
  } catch (error) {
    console.warn("Packing past months failed", String(error));
  }
}
