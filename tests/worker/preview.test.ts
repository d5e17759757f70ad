import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { zonedInstant } from "~/lib/time-zone";
import { events, mailOutbox, users } from "~/.server/db/schema";
import { fakeMail } from "~/.server/integrations/mail/fake-mail";
import { sendWeeklyPreviews } from "~/.server/integrations/mail/weekly-preview";
import { call, db, signIn } from "./helpers";

afterEach(() => fakeMail.reset());

const ZONE = "America/Chicago";
const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function outbox(userId: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
}

async function parent(values: Partial<typeof users.$inferInsert> = {}) {
  const signedIn = await signIn();
  await db().update(users).set({ timezone: ZONE, ...values }).where(eq(users.id, signedIn.userId));
  return signedIn;
}

async function addEvent(userId: string, values: Partial<typeof events.$inferInsert>) {
  await db()
    .insert(events)
    .values({ userId, eventName: "Event", start: "2026-12-07", dateTime: false, fingerprint: crypto.randomUUID(), ...values });
}

describe("GET /api/mail/weeklypreview", () => {
  it("sends the coming week to the parent and their partner", async () => {
    const { cookie, userId, email } = await parent({
      subscriptionStatus: "active",
      partnerEmail: "partner@example.com",
      partnerConfirmedAt: new Date(),
    });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = addDay(today, 1);
    await addEvent(userId, { eventName: "Book fair <3", start: addDay(today, 2) });
    await addEvent(userId, { eventName: "Hidden thing", start: addDay(today, 3), dislike: true });
    await addEvent(userId, { eventName: "Far away", start: addDay(today, 30) });
    const other = await parent();
    await addEvent(other.userId, { eventName: "Someone else's", start: tomorrow });

    const response = await call("/api/mail/weeklypreview", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, sent: 2 });
    const mails = await outbox(userId);
    expect(mails.map((m) => m.to).toSorted()).toEqual([email, "partner@example.com"].toSorted());
    const [mail] = mails;
    expect(mail!.subject).toMatch(/^Your week ahead: /);
    expect(mail!.text).toContain("Book fair <3");
    expect(mail!.html).toContain("Book fair &#60;3");
    expect(mail!.html).not.toContain("Book fair <3");
    for (const absent of ["Hidden thing", "Far away", "Someone else's"]) expect(mail!.text).not.toContain(absent);
    expect(mail!.text).toContain("Check important dates. AI can make mistakes.");
    expect(await outbox(other.userId)).toEqual([]);
  });

  it("answers the spec's error while mail is down, and sends nothing", async () => {
    const { cookie, userId } = await parent({ subscriptionStatus: "active" });
    fakeMail.outage = true;
    const response = await call("/api/mail/weeklypreview", { cookie });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Failed to send weekly preview email." });
    expect(await outbox(userId)).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await call("/api/mail/weeklypreview")).status).toBe(401);
  });
});

describe("weekly previews (cron)", () => {
  // Sunday, December 6 2026.
  const SUNDAY_EVENING = zonedInstant("2026-12-06T18:15", ZONE);

  it("go out at 6 pm on Sunday in the parent's zone, once, to Premium parents who turned them on", async () => {
    const on = await parent({ subscriptionStatus: "active", preferences: { weeklyPreview: true } });
    const off = await parent({ subscriptionStatus: "active", preferences: { weeklyPreview: false } });
    const basic = await parent({ subscriptionStatus: null, preferences: { weeklyPreview: true } });
    await addEvent(on.userId, { eventName: "Monday assembly", start: "2026-12-07" });
    await addEvent(on.userId, { eventName: "Next Monday", start: "2026-12-14" });

    await sendWeeklyPreviews(db(), env, zonedInstant("2026-12-06T17:45", ZONE));
    await sendWeeklyPreviews(db(), env, zonedInstant("2026-12-05T18:15", ZONE)); // Saturday
    expect(await outbox(on.userId)).toEqual([]);

    await sendWeeklyPreviews(db(), env, SUNDAY_EVENING);
    await sendWeeklyPreviews(db(), env, new Date(SUNDAY_EVENING.getTime() + 15 * 60_000));
    const mails = await outbox(on.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your week ahead: Mon, Dec 7 – Sun, Dec 13");
    expect(mails[0]!.text).toContain("Monday assembly");
    expect(mails[0]!.text).not.toContain("Next Monday");
    expect(await outbox(off.userId)).toEqual([]);
    expect(await outbox(basic.userId)).toEqual([]);
  });

  it("shows a range on every day of the week it covers, and a weekly series on its days, timed events first", async () => {
    const { userId } = await parent({ subscriptionStatus: "active", preferences: { weeklyPreview: true } });
    // Began on Saturday, before the week previewed; ends Wednesday.
    await addEvent(userId, { eventName: "Winter camp", start: "2026-12-05", end: "2026-12-09", range: true, startRange: "2026-12-05", endRange: "2026-12-09" });
    // Mondays and Thursdays at 5 pm Chicago (23:00 UTC), from Thursday Dec 3.
    await addEvent(userId, {
      eventName: "Swimming",
      start: "2026-12-03T23:00:00.000Z",
      end: "2026-12-04T00:00:00.000Z",
      dateTime: true,
      range: true,
      startRange: "2026-12-03",
      endRange: "2027-01-28",
      recurrence: { frequency: "weekly", byDay: ["MO", "TH"] },
    });

    await sendWeeklyPreviews(db(), env, SUNDAY_EVENING);
    const [mail] = await outbox(userId);
    // The text lists each day's title, then its events indented.
    const byDay = new Map<string, string[]>();
    let day = "";
    for (const line of mail!.text.split("\n")) {
      if (/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /.test(line)) byDay.set((day = line.slice(0, 3)), []);
      else if (day && line.startsWith("  ")) byDay.get(day)!.push(line.trim());
    }
    expect(Object.fromEntries(byDay)).toEqual({
      Mon: ["5pm - 6pm  Swimming", "All day  Winter camp"],
      Tue: ["All day  Winter camp"],
      Wed: ["All day  Winter camp"],
      Thu: ["5pm - 6pm  Swimming"],
      Fri: ["No Events Today"],
      Sat: ["No Events Today"],
      Sun: ["No Events Today"],
    });
  });

  it("carry an Idempotency-Key, the same one when a half-sent week is sent again, so nobody gets it twice", async () => {
    const { userId, email } = await parent({
      subscriptionStatus: "active",
      preferences: { weeklyPreview: true },
      partnerEmail: "partner@example.com",
      partnerConfirmedAt: new Date(),
    });
    // The parent's copy goes out, the partner's does not: the run is not recorded as done.
    fakeMail.unreachable.add("partner@example.com");
    await sendWeeklyPreviews(db(), env, SUNDAY_EVENING);
    fakeMail.unreachable.clear();
    await sendWeeklyPreviews(db(), env, new Date(SUNDAY_EVENING.getTime() + 15 * 60_000));

    const toParent = fakeMail.attempts.filter((a) => a.to === email);
    expect(toParent).toHaveLength(2);
    expect(toParent[0]!.idempotencyKey).toMatch(new RegExp(`^weekly-preview/${userId}/2026-12-07/[0-9a-f]{16}$`));
    expect(toParent[1]!.idempotencyKey).toBe(toParent[0]!.idempotencyKey);
    const mails = await outbox(userId);
    expect(mails.map((m) => m.to).toSorted()).toEqual([email, "partner@example.com"].toSorted());
    // Each copy is its own send with its own key.
    expect(new Set(mails.map((m) => m.idempotencyKey)).size).toBe(2);
  });

  it("tries again on the next run when mail was down", async () => {
    const { userId } = await parent({ subscriptionStatus: "trialing", preferences: { weeklyPreview: true } });
    fakeMail.outage = true;
    await sendWeeklyPreviews(db(), env, SUNDAY_EVENING);
    fakeMail.outage = false;
    expect(await outbox(userId)).toEqual([]);
    await sendWeeklyPreviews(db(), env, new Date(SUNDAY_EVENING.getTime() + 15 * 60_000));
    expect(await outbox(userId)).toHaveLength(1);
  });
});
