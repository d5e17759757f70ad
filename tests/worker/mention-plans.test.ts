/**
 * The statements that find and change an event's mentions read the family's events, not
 * everyone's: the events a source mentions are searched by the family's key, and a mail's
 * merge writes each event it touches by its id.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "~/.server/db/schema";
import { familyEventsMentioning, withMention } from "~/.server/events";
import { familyDb } from "~/.server/family/data";

async function planOf(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = statement.toSQL();
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return plan.results.map((r) => r.detail);
}

describe("the mention list's statements", () => {
  const rows = familyDb(env, { key: "some-family", shard: 1 });

  it("find a source's events among the family's own", async () => {
    const plan = await planOf(rows.select({ id: events.id }).from(events).where(familyEventsMentioning("some-family", "a-source")));
    expect(plan.find((d) => /\bevents\b/.test(d))).toMatch(/^SEARCH events USING (?:COVERING )?INDEX events_user_\w+ \(user_id=\?/);
  });

  it("add a mention to one event by its id", async () => {
    const mention = { sourceContentId: "a-source", sourceType: "email", sourceSender: "", sourceAddress: "", sourceDate: 0, sourceURL: null };
    const plan = await planOf(rows.update(events).set({ mentionList: withMention(mention) }).where(eq(events.id, "an-event")));
    expect(plan.find((d) => /\bevents\b/.test(d))).toMatch(/^SEARCH events USING INDEX sqlite_autoindex_events_1 \(id=\?\)/);
  });
});
