import { fileURLToPath } from "node:url";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { benchMails, refInSubject, SEND_SPACING_MS } from "./bench-mails";
import { loadTemplates } from "./sample-inbox";

const templates = await loadTemplates([fileURLToPath(new URL("../../samples/inbox", import.meta.url))]);
const now = new Date("2026-10-06T12:15:00Z");
const mails = benchMails(templates, {
  count: 200,
  now,
  to: "bench@in.cubby.localhost",
  timeZone: "America/Toronto",
  runId: "t1",
});

describe("benchMails", () => {
  it("makes the number asked for, cycling through every template", () => {
    expect(mails).toHaveLength(200);
    expect(new Set(mails.map((m) => m.name)).size).toBe(templates.length);
  });

  it("never repeats a Message-ID or a send second", async () => {
    const ids = await Promise.all(mails.map(async (m) => (await PostalMime.parse(m.raw)).messageId));
    expect(new Set(ids).size).toBe(200);
    expect(new Set(mails.map((m) => Math.floor(m.sentAt.getTime() / 1000))).size).toBe(200);
    expect(mails[1]!.sentAt.getTime()).toBe(now.getTime() - SEND_SPACING_MS);
  });

  it("spreads a school year's mail as wide as asked", () => {
    const year = benchMails(templates, { count: 3, now, to: "bench@in.cubby.localhost", timeZone: "America/Toronto", runId: "y", spacingMs: 18 * 3600 * 1000 });
    expect(year.map((m) => now.getTime() - m.sentAt.getTime())).toEqual([0, 18 * 3600 * 1000, 36 * 3600 * 1000]);
  });

  it("varies the sender and subject of the same template from round to round", () => {
    const first = mails.filter((m) => m.name === templates[0]!.name);
    expect(new Set(first.map((m) => m.from)).size).toBeGreaterThan(5);
    expect(new Set(first.map((m) => m.subject.replace(/\(ref B\d+\)$/, ""))).size).toBeGreaterThan(3);
  });

  it("carries the mail's number in a subject the parser reads back", async () => {
    for (const mail of [mails[0]!, mails[11]!, mails[199]!]) {
      const parsed = await PostalMime.parse(mail.raw);
      expect(parsed.from?.address).toBe(mail.from);
      expect(parsed.subject).toBe(mail.subject);
      expect(refInSubject(parsed.subject ?? "")).toBe(mail.index);
    }
  });
});

describe("refInSubject", () => {
  it("reads only a trailing reference", () => {
    expect(refInSubject("Reminder: Picture Day (ref B007)")).toBe(7);
    expect(refInSubject("Picture Day")).toBeNull();
    expect(refInSubject("(ref B007) Picture Day")).toBeNull();
  });
});
