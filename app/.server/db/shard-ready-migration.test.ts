/**
 * Migration 0016 (ADR 027): family rows stop referencing the directory (users, schools),
 * so a shard without directory rows can hold them. Run as D1 runs a migration, in one
 * transaction with foreign keys on (where `PRAGMA foreign_keys = OFF` does nothing), on a
 * database holding a family: every row survives, the references inside a family (a mention
 * to its event, an attachment to its message) still cascade, and a family row needs no
 * parent in `users` any more.
 */
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { applyMigration as apply, migratedUpTo, migrationFiles as files } from "./migration-files.fixture";

const FAMILY_TABLES = ["children", "watchlist", "sender_addresses", "messages", "attachments", "pdf_chunks", "url_sources", "events", "mentions", "likes", "calendar_links"];

function counts(db: DatabaseSync) {
  return Object.fromEntries(FAMILY_TABLES.map((t) => [t, (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]));
}

describe("migration 0016: family rows without directory keys", () => {
  it("keeps every row of a family, inside one transaction with foreign keys on", () => {
    const db = migratedUpTo("0016");

    const now = Date.now();
    const run = (sql: string, ...values: (string | number | null)[]) => db.prepare(sql).run(...values);
    run("INSERT INTO users (id, email, created_at) VALUES ('p', 'p@example.com', ?)", now);
    run("INSERT INTO schools (id, name) VALUES ('s', 'Maple Grove')");
    run("INSERT INTO children (id, user_id, first_name, grade, avatar_id, school_id, created_at) VALUES ('c', 'p', 'Maya', 'grade 2', 'dolphin', 's', ?)", now);
    run("INSERT INTO watchlist (user_id, address, created_at) VALUES ('p', 'office@school.example', ?)", now);
    run("INSERT INTO sender_addresses (user_id, address, sender_name, last_seen_at) VALUES ('p', 'office@school.example', 'Office', ?)", now);
    run("INSERT INTO messages (id, user_id, message_key, created_at) VALUES ('m', 'p', 'k', ?)", now);
    run("INSERT INTO attachments (id, user_id, message_id, content_type) VALUES ('a', 'p', 'm', 'application/pdf')");
    run("INSERT INTO pdf_chunks (user_id, attachment_id, seq, base64) VALUES ('p', 'a', 0, 'JVBERi0=')");
    run("INSERT INTO url_sources (id, user_id, url, title, content_type, created_at) VALUES ('u', 'p', 'https://school.example/', 'School', 'text/html', ?)", now);
    for (const id of ["e1", "e2"]) {
      run("INSERT INTO events (id, user_id, event_name, start, date_time, fingerprint, created_at) VALUES (?, 'p', 'Picture Day', '2026-12-04', 0, ?, ?)", id, id, now);
      run("INSERT INTO mentions (id, user_id, event_id, source_content_id, source_type, source_date) VALUES (?, 'p', ?, 'm', 'email', ?)", `${id}-m`, id, now);
    }
    run("INSERT INTO likes (user_id, event_id, created_at) VALUES ('p', 'e1', ?)", now);
    run("INSERT INTO calendar_links (id, user_id, url, name, created_at) VALUES ('l', 'p', 'https://school.example/cal.ics', 'School', ?)", now);
    const before = counts(db);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    db.exec("BEGIN");
    for (const name of files.filter((n) => n.startsWith("0016"))) apply(db, name);
    db.exec("COMMIT");

    expect(counts(db)).toEqual(before);
    expect(db.prepare("SELECT school_id FROM children").get()).toEqual({ school_id: "s" });
    // Inside a family the references hold: an event takes its mentions and likes along, a message its attachments.
    run("DELETE FROM events WHERE id = 'e1'");
    expect(db.prepare("SELECT event_id FROM mentions ORDER BY event_id").all()).toEqual([{ event_id: "e2" }]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM likes").get()).toEqual({ n: 0 });
    run("DELETE FROM messages WHERE id = 'm'");
    expect(db.prepare("SELECT COUNT(*) AS n FROM attachments").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM pdf_chunks").get()).toEqual({ n: 0 });
    // A family's row needs no parent in the directory any more (a shard holds none).
    run("INSERT INTO events (id, user_id, event_name, start, date_time, fingerprint, created_at) VALUES ('e3', 'elsewhere', 'Book Fair', '2026-12-09', 0, 'f3', ?)", now);
    run("INSERT INTO children (id, user_id, first_name, grade, avatar_id, school_id, created_at) VALUES ('c2', 'elsewhere', 'Sam', 'grade 1', 'owl', 'a-directory-school', ?)", now);
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  });
});
