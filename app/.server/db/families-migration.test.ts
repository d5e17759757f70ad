/**
 * Migration 0008 (ADR 026) on a database that already holds parents: each
 * becomes a one-person family keyed by their own id, and nothing of theirs is
 * lost — their rows are their family's as they stand, their likes their own.
 * The worker tests start from an empty database, where the data steps do nothing.
 */
import { describe, expect, it } from "vitest";
import { applyMigration as apply, migratedUpTo, migrationFiles as files } from "./migration-files.fixture";

describe("migration 0008: families", () => {
  it("makes every parent a one-person family and keeps their data and likes", () => {
    const db = migratedUpTo("0008");

    const now = Date.now();
    for (const id of ["parent-a", "parent-b"]) {
      db.prepare("INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)").run(id, `${id}@example.com`, now);
    }
    const event = db.prepare(
      "INSERT INTO events (id, user_id, event_name, start, date_time, fingerprint, created_at, \"like\", external_calendar_id) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)",
    );
    event.run("e1", "parent-a", "Picture Day", "2026-12-04", "picture-day", now, 1, "gcal-1");
    event.run("e2", "parent-a", "Book Fair", "2026-12-09", "book-fair", now, 0, null);
    db.prepare("INSERT INTO children (id, user_id, first_name, grade, avatar_id, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      "c1",
      "parent-b",
      "Maya",
      "grade 2",
      "dolphin",
      now,
    );

    for (const name of files.filter((n) => n.startsWith("0008"))) apply(db, name);

    expect(db.prepare("SELECT id, owner_id FROM families ORDER BY id").all()).toEqual([
      { id: "parent-a", owner_id: "parent-a" },
      { id: "parent-b", owner_id: "parent-b" },
    ]);
    expect(db.prepare("SELECT user_id, family_id FROM family_members ORDER BY user_id").all()).toEqual([
      { user_id: "parent-a", family_id: "parent-a" },
      { user_id: "parent-b", family_id: "parent-b" },
    ]);
    expect(db.prepare("SELECT user_id, event_id, external_calendar_id FROM likes").all()).toEqual([
      { user_id: "parent-a", event_id: "e1", external_calendar_id: "gcal-1" },
    ]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM events WHERE user_id = 'parent-a'").get()).toEqual({ n: 2 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM children WHERE user_id = 'parent-b'").get()).toEqual({ n: 1 });
  });
});
