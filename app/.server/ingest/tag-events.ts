/**
 * Deciding each event's children (taggedPeople) from what Cubby knows of the
 * parent's children: teachers and coaches, schools, grades, first names. An
 * event's children are the union over every source that mentions it. An event
 * the parent corrected by hand keeps its children.
 */
import { and, eq } from "drizzle-orm";
import { database, type Db } from "../db/client";
import { children, events, watchlist } from "../db/schema";
import { schoolsByIds } from "../children";
import { eventRevision, familyEventsWithIds } from "../events";
import { unpackWhere } from "../past-months";
import { tagChildren, type ChildProfile } from "../tagging/children";
import type { IngestJob } from "./jobs";
import { loadSource, type LoadedSource } from "./sources";

/** `db`: the family's shard (its children); `directory`: the schools. */
export async function childProfiles(db: Db, directory: Db, userId: string): Promise<ChildProfile[]> {
  const rows = await db.select().from(children).where(eq(children.userId, userId));
  const schoolOf = await schoolsByIds(directory, rows.map((child) => child.schoolId));
  return rows.map((child) => {
    const school = child.schoolId ? schoolOf.get(child.schoolId) : undefined;
    return {
      id: child.id,
      firstName: child.firstName,
      grade: child.grade,
      teachers: child.teachers,
      school: school ? { name: school.name, domain: school.domain } : null,
    };
  });
}

async function followedSenders(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ address: watchlist.address }).from(watchlist).where(eq(watchlist.userId, userId));
  return rows.map((r) => r.address);
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;

/**
 * Re-tags the events a source mentions. Other sources that mention the same
 * events are read too, so an event keeps children another mail gave it. What
 * the parent's children are, who they follow and each source are read once,
 * however many events there are.
 */
export async function tagSourceEvents(db: Db, env: Env, userId: string, eventIds: string[]): Promise<void> {
  if (!eventIds.length) return;
  const kids = await childProfiles(db, database(env), userId);
  const followed = await followedSenders(db, userId);
  const loaded = new Map<string, LoadedSource | null>();
  for (let i = 0; i < eventIds.length; i += CHUNK) {
    await tagChunk(db, userId, eventIds.slice(i, i + CHUNK), { kids, followed, loaded });
  }
}

async function tagChunk(
  db: Db,
  userId: string,
  eventIds: string[],
  known: { kids: ChildProfile[]; followed: string[]; loaded: Map<string, LoadedSource | null> },
): Promise<void> {
  const { kids, followed, loaded } = known;
  const rows = await db
    .select()
    .from(events)
    .where(familyEventsWithIds(userId, eventIds));
  const open = rows.filter((row) => !row.taggedPeopleFixed);
  if (!open.length) return;

  // Each row carries its mentions (`mention_list`): no read of the mentions table.
  const sourceIds = open.flatMap((row) => row.mentionList.map((m) => ({ eventId: row.id, sourceId: m.sourceContentId, type: m.sourceType })));
  for (const { sourceId, type } of sourceIds) {
    if (loaded.has(sourceId)) continue;
    const job: IngestJob = type.startsWith("url")
      ? { kind: "url", userId, urlSourceId: sourceId }
      : { kind: "message", userId, messageId: sourceId };
    loaded.set(sourceId, await loadSource(db, job));
  }

  const updates = [];
  for (const row of open) {
    const tagged = new Set<string>();
    if (kids.length) {
      for (const { eventId, sourceId } of sourceIds) {
        const source = eventId === row.id ? loaded.get(sourceId) : null;
        if (!source) continue;
        for (const id of tagChildren({ document: source.document, event: row, children: kids, followedSenders: followed })) {
          tagged.add(id);
        }
      }
    }
    const next = [...tagged];
    if (!sameSet(next, row.taggedPeople)) {
      updates.push(db.update(events).set({ taggedPeople: next, ...eventRevision() }).where(and(eq(events.id, row.id), eq(events.userId, userId))));
    }
  }
  if (updates.length) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
}

/** After a child, their teachers or their school changed: every event is looked at again. */
export async function retagAllEvents(db: Db, env: Env, userId: string): Promise<void> {
  // Past months too: their events are put back, and packed again later (past-months.ts).
  await unpackWhere(db, userId, (row) => !row.taggedPeopleFixed);
  const ids = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.taggedPeopleFixed, false)));
  await tagSourceEvents(db, env, userId, ids.map((r) => r.id));
}
