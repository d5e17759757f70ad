/**
 * Migration 0021 (issue 32): the mentions in each event's list keep short keys. Run on lists
 * written before it, every entry stays, in its order, as the app now writes it
 * (`storedMention`), and the app reads back what it had.
 */
import { describe, expect, it } from "vitest";
import { readMentionList, storedMention, type MentionEntry } from "./mention-list";
import { applyMigration as apply, insertMentionLists, migratedUpTo, migrationFiles as files } from "./migration-files.fixture";

const mail = (source: string, sender: string, address: string): MentionEntry => ({
  sourceContentId: source,
  sourceType: "email",
  sourceSender: sender,
  sourceAddress: address,
  sourceDate: 1_795_863_075_000,
  sourceURL: null,
});

describe("migration 0021: mentions keep short keys", () => {
  it("rewrites every mention of every event as the app writes it now", () => {
    const db = migratedUpTo("0021");
    const lists: Record<string, MentionEntry[]> = {
      two: [mail("mail-1", "Office", "office@school.example"), mail("mail-2", "", "coach@club.example")],
      page: [{ sourceContentId: "url-1", sourceType: "url-pdf", sourceSender: "", sourceAddress: "", sourceDate: 1_795_000_000_000, sourceURL: "https://school.example/dates.pdf" }],
      none: [],
    };
    // As every migration before it left them: each entry with its keys spelled out.
    insertMentionLists(db, Object.fromEntries(Object.entries(lists).map(([id, list]) => [id, JSON.stringify(list)])));

    db.exec("BEGIN");
    for (const name of files.filter((n) => n.startsWith("0021"))) apply(db, name);
    db.exec("COMMIT");

    const after = db.prepare("SELECT id, mention_list FROM events ORDER BY id").all() as { id: string; mention_list: string }[];
    const stored = Object.fromEntries(after.map((row) => [row.id, JSON.parse(row.mention_list) as unknown]));
    expect(stored).toStrictEqual(Object.fromEntries(Object.entries(lists).map(([id, list]) => [id, list.map(storedMention)])));
    expect(Object.fromEntries(after.map((row) => [row.id, readMentionList(row.mention_list)]))).toStrictEqual(lists);
  });
});
