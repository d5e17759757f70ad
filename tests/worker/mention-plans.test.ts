/**
 * Writing an event's mention list reads that event's mentions, not the family's: the
 * statement a mail's merge runs for every event it touches finds them through
 * (event_id, source), whatever other index starts with the family's key.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { refreshMentionLists } from "~/.server/events";
import { familyDb } from "~/.server/family/data";

describe("the mention list's subquery", () => {
  it("searches the event's mentions by its id", async () => {
    const rows = familyDb(env, { key: "some-family", shard: 1 });
    const [statement] = refreshMentionLists(rows, "some-family", ["an-event"]);
    const { sql, params } = statement!.toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
    const mentionSearch = plan.results.map((r) => r.detail).find((d) => /\bm\b|mentions/.test(d) && /SEARCH/.test(d));
    expect(mentionSearch).toMatch(/USING (?:COVERING )?INDEX mentions_event_source_idx \(event_id=\?\)/);
  });
});
