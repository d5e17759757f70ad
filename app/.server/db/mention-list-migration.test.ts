/**
 * Migration 0018 (issue 32): each event's mention list becomes the only record of its
 * mentions. Run on events written before it, every entry stays, in its order, without the id
 * of the `mentions` row it copied, and the table goes.
 */
import { describe, expect, it } from "vitest";
import { applyMigration as apply, insertMentionLists, migratedUpTo, migrationFiles as files } from "./migration-files.fixture";

const entry = (source: string, sender: string) => ({
  sourceContentId: source,
  sourceType: "email",
  sourceSender: sender,
  sourceAddress: `${sender.toLowerCase()}@school.example`,
  sourceDate: 1_795_863_075_000,
  sourceURL: null,
});

describe("migration 0018: events keep their mentions", () => {
  it("keeps every mention of every event, without the old rows' ids, and drops the table", () => {
    const db = migratedUpTo("0018");
    const lists: Record<string, ReturnType<typeof entry>[]> = {
      two: [entry("mail-1", "Office"), entry("mail-2", "Coach")],
      one: [entry("mail-3", "Office")],
      none: [],
    };
    // As migration 0014 wrote them: each entry led by the id of its `mentions` row.
    insertMentionLists(db, Object.fromEntries(Object.entries(lists).map(([id, list]) => [id, JSON.stringify(list.map((m, i) => ({ id: `${id}-${i}`, ...m })))])));

    db.exec("BEGIN");
    for (const name of files.filter((n) => n.startsWith("0018"))) apply(db, name);
    db.exec("COMMIT");

    const after = db.prepare("SELECT id, mention_list FROM events ORDER BY id").all() as { id: string; mention_list: string }[];
    expect(Object.fromEntries(after.map((row) => [row.id, JSON.parse(row.mention_list) as unknown]))).toStrictEqual(lists);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'mentions%'").all()).toEqual([]);
  });
});
