import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { messages, users, watchlist } from "~/.server/db/schema";
import { fakeGmailStore } from "~/.server/integrations/gmail/fake-gmail";
import { FIRST_LOOK_BACK_MS, pollGmail, pollParentGmail, senderQueries, senderWindows } from "~/.server/integrations/gmail/poll";
import { isFollowed } from "~/.server/tagging/followed";
import { fakeGoogle } from "~/.server/integrations/google/fake-google";
import { grantGoogle } from "./google-grant";
import { rawMail } from "./mail";
import { call, db, send, signIn } from "./helpers";

afterEach(() => {
  fakeGoogle.reset();
  fakeGmailStore.pageSize = 100;
});

const NOW = new Date();
const HOUR = 3_600_000;

/**
 * A parent with Gmail connected and senders followed, written straight to D1:
 * through the API each would start a check at once (see "checks without
 * waiting for the cron"), racing the checks these tests run by hand.
 */
async function gmailParent(follow: string[]) {
  const parent = await signIn();
  await db().update(users).set({ emailProvider: "gmail" }).where(eq(users.id, parent.userId));
  if (follow.length) await db().insert(watchlist).values(follow.map((address) => ({ userId: parent.userId, address })));
  return parent;
}

/** Polls D1 until the parent's stored subjects satisfy `done` (the check runs after the answer). */
async function subjectsOnceStored(userId: string, done: (subjects: string[]) => boolean): Promise<string[]> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const subjects = (await stored(userId)).map((m) => m.subject).toSorted();
    if (done(subjects)) return subjects;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await stored(userId)).map((m) => m.subject).toSorted();
}

function mailFrom(from: string, subject: string) {
  return rawMail({ to: "parent@gmail.com", from, subject, text: `${subject} on Friday December 4 at 6pm.` });
}

async function stored(userId: string) {
  return db().select().from(messages).where(eq(messages.userId, userId));
}

describe("Gmail polling of followed senders (cron)", () => {
  it("reads only mail from followed addresses and domains, each message once", async () => {
    const { userId } = await gmailParent(["rivera@maplewood.example.org", "coaches.example.net"]);
    fakeGmailStore.deliver(userId, mailFrom("Ms. Rivera <rivera@maplewood.example.org>", "Winter concert"), new Date(NOW.getTime() - HOUR));
    fakeGmailStore.deliver(userId, mailFrom("Coach Sam <sam@soccer.coaches.example.net>", "Soccer practice"), new Date(NOW.getTime() - HOUR));
    fakeGmailStore.deliver(userId, mailFrom("Shop <deals@shop.example.com>", "Big sale"), new Date(NOW.getTime() - HOUR));
    fakeGmailStore.deliver(userId, mailFrom("Someone <other@maplewood.example.org>", "Not followed"), new Date(NOW.getTime() - HOUR));
    // Older than the first check looks back (30 days).
    fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", "Last month"), new Date(NOW.getTime() - 31 * 24 * HOUR));

    expect(await pollParentGmail(db(), env, userId, NOW)).toBe(2);
    const rows = await stored(userId);
    expect(rows.map((m) => m.subject).toSorted()).toEqual(["Soccer practice", "Winter concert"]);
    expect(rows.every((m) => m.via === "gmail")).toBe(true);

    // The next run: nothing new since the watermark, nothing stored twice.
    const fetchedBefore = fakeGmailStore.fetched.length;
    expect(await pollParentGmail(db(), env, userId, new Date(NOW.getTime() + 15 * 60_000))).toBe(0);
    expect(fakeGmailStore.fetched.length).toBe(fetchedBefore);
    expect(await stored(userId)).toHaveLength(2);

    fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", "Field trip"), new Date(NOW.getTime() + 20 * 60_000));
    expect(await pollParentGmail(db(), env, userId, new Date(NOW.getTime() + 30 * 60_000))).toBe(1);
  });

  it("follows Gmail's pages, and moves the watermark only once every match was read", async () => {
    const { userId } = await gmailParent(["rivera@maplewood.example.org"]);
    fakeGmailStore.pageSize = 10;
    for (let n = 1; n <= 30; n++) {
      fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", `Note ${n}`), new Date(NOW.getTime() - n * 60_000));
    }
    // Three pages; a run reads 25 messages, the newest first, and the rest waits.
    expect(await pollParentGmail(db(), env, userId, NOW)).toBe(25);
    expect((await db().query.users.findFirst({ where: eq(users.id, userId) }))!.gmailCheckedAt).toBeNull();
    const later = new Date(NOW.getTime() + 15 * 60_000);
    expect(await pollParentGmail(db(), env, userId, later)).toBe(5);
    expect((await stored(userId)).map((m) => m.subject).toSorted()).toEqual(
      Array.from({ length: 30 }, (_, i) => `Note ${i + 1}`).toSorted(),
    );
    expect((await db().query.users.findFirst({ where: eq(users.id, userId) }))!.gmailCheckedAt).toEqual(later);
  });

  it("reads a few pages per run, keeping the watermark while pages are left", async () => {
    const { userId } = await gmailParent(["rivera@maplewood.example.org"]);
    fakeGmailStore.pageSize = 1;
    for (let n = 1; n <= 7; n++) {
      fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", `Note ${n}`), new Date(NOW.getTime() - n * 60_000));
    }
    expect(await pollParentGmail(db(), env, userId, NOW)).toBe(5);
    expect((await db().query.users.findFirst({ where: eq(users.id, userId) }))!.gmailCheckedAt).toBeNull();
  });

  it("starts each sender at the parent's last check, or 30 days back for a sender followed since", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const lastCheck = new Date("2026-11-25T11:45:00Z");
    const windows = senderWindows(
      [
        { address: "a@school.org", createdAt: new Date("2026-11-01T00:00:00Z") },
        { address: "coaches.net", createdAt: new Date("2026-11-25T11:50:00Z") },
      ],
      lastCheck,
      now,
    );
    expect(windows).toEqual([
      { since: lastCheck, senders: ["a@school.org"] },
      { since: new Date(now.getTime() - FIRST_LOOK_BACK_MS), senders: ["coaches.net"] },
    ]);
    expect(FIRST_LOOK_BACK_MS).toBe(30 * 24 * HOUR);
    expect(senderWindows([{ address: "a@school.org", createdAt: now }], null, now)).toEqual([
      { since: new Date(now.getTime() - FIRST_LOOK_BACK_MS), senders: ["a@school.org"] },
    ]);
  });

  it("asks Gmail only about followed senders, since the last check", () => {
    const since = new Date("2026-11-20T00:00:00Z");
    expect(senderQueries(["a@school.org", "coaches.net"], since)).toEqual([
      `from:(a@school.org OR coaches.net) after:${since.getTime() / 1000}`,
    ]);
    expect(isFollowed("Sam@Soccer.Coaches.NET", ["coaches.net"])).toBe(true);
    expect(isFollowed("sam@notcoaches.net", ["coaches.net"])).toBe(false);
    expect(isFollowed("b@school.org", ["a@school.org"])).toBe(false);
  });

  it("leaves parents without Gmail or without followed senders alone", async () => {
    const noGmail = await signIn();
    await send("POST", "/api/watchlist", noGmail.cookie, { address: "rivera@maplewood.example.org" });
    fakeGmailStore.deliver(noGmail.userId, mailFrom("rivera@maplewood.example.org", "Hello"));
    const nobody = await gmailParent([]);
    fakeGmailStore.deliver(nobody.userId, mailFrom("rivera@maplewood.example.org", "Hello"));
    await pollGmail(db(), env, new Date(NOW.getTime() + HOUR));
    expect(await stored(noGmail.userId)).toEqual([]);
    expect(await stored(nobody.userId)).toEqual([]);
  });

  it("keeps the watermark while Gmail is down, and catches up afterwards", async () => {
    const { userId } = await gmailParent(["rivera@maplewood.example.org"]);
    fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", "Book fair"), new Date(NOW.getTime() - HOUR));
    fakeGoogle.outage = true;
    await pollGmail(db(), env, NOW);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.gmailCheckedAt).toBeNull();
    fakeGoogle.outage = false;
    await pollGmail(db(), env, new Date(NOW.getTime() + 15 * 60_000));
    expect((await stored(userId)).map((m) => m.subject)).toEqual(["Book fair"]);
  });

  it("clears the Gmail connection when the parent revoked access", async () => {
    const { userId } = await gmailParent(["rivera@maplewood.example.org"]);
    const grant = await grantGoogle(userId, "gmail", new Date(Date.now() - 60_000));
    fakeGoogle.revoke(grant);
    fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", "Book fair"));
    await pollGmail(db(), env, NOW);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.emailProvider).toBeNull();
    expect(await stored(userId)).toEqual([]);
  });
});

describe("checks without waiting for the cron", () => {
  it("reads the followed senders' last 30 days as soon as Gmail is connected", async () => {
    const parent = await signIn();
    await db().insert(watchlist).values({ userId: parent.userId, address: "rivera@maplewood.example.org" });
    fakeGmailStore.deliver(parent.userId, mailFrom("rivera@maplewood.example.org", "Science fair"), new Date(Date.now() - 20 * 24 * HOUR));
    fakeGmailStore.deliver(parent.userId, mailFrom("rivera@maplewood.example.org", "Too old"), new Date(Date.now() - 40 * 24 * HOUR));
    expect((await call("/api/auth/google/gmail", { cookie: parent.cookie })).status).toBe(302);
    expect(await subjectsOnceStored(parent.userId, (s) => s.length > 0)).toEqual(["Science fair"]);
  });

  it("reads a newly followed sender's last 30 days, though the parent's last check was later", async () => {
    const { userId, cookie } = await gmailParent(["rivera@maplewood.example.org"]);
    await pollParentGmail(db(), env, userId, new Date());
    expect((await db().query.users.findFirst({ where: eq(users.id, userId) }))!.gmailCheckedAt).not.toBeNull();
    // Mail from before that check: the coach's is new to Cubby, Ms. Rivera's was already looked for.
    fakeGmailStore.deliver(userId, mailFrom("coach@riverside-swim.example.org", "Swim meet"), new Date(Date.now() - 12 * 24 * HOUR));
    fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", "Late arrival"), new Date(Date.now() - 12 * 24 * HOUR));

    expect((await send("POST", "/api/watchlist", cookie, { address: "riverside-swim.example.org" })).status).toBe(201);
    expect(await subjectsOnceStored(userId, (s) => s.includes("Swim meet"))).toEqual(["Swim meet"]);
  });
});

describe("Suggested for you, from the parent's Gmail", () => {
  it("lists the school-like senders of recent mail with how many mails each sent, as soon as Gmail is connected", async () => {
    const parent = await signIn();
    const day = 24 * HOUR;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    fakeGmailStore.deliver(parent.userId, mailFrom("Remind <no-reply@remind.com>", "Room 12"), at(2));
    fakeGmailStore.deliver(parent.userId, mailFrom("Remind <no-reply@remind.com>", "Room 12 again"), at(5));
    fakeGmailStore.deliver(parent.userId, mailFrom("Maple Grove Office <office@maplegrove.k12.mn.us>", "Newsletter"), at(9));
    fakeGmailStore.deliver(parent.userId, mailFrom("Amazon <shipment-tracking@amazon.com>", "Your order"), at(1));
    fakeGmailStore.deliver(parent.userId, mailFrom("Coach Dana <coach.dana@gmail.com>", "Last season"), at(200));
    const fetchedBefore = fakeGmailStore.fetched.length;
    expect((await call("/api/auth/google/gmail", { cookie: parent.cookie })).status).toBe(302);

    let addresses: { address: string; count: number }[] = [];
    for (let attempt = 0; attempt < 80 && addresses.length < 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      addresses = ((await (await call("/api/addresses", { cookie: parent.cookie })).json()) as { addresses: typeof addresses }).addresses;
    }
    expect(addresses).toEqual([
      { address: "no-reply@remind.com", count: 2 },
      { address: "office@maplegrove.k12.mn.us", count: 1 },
    ]);
    // Headers only: nothing was fetched whole, and nothing was stored as a message.
    expect(fakeGmailStore.fetched.length).toBe(fetchedBefore);
    expect(await stored(parent.userId)).toEqual([]);
  });
});

describe("the every-15-minutes cron", () => {
  it("runs the Gmail check among its jobs", async () => {
    const { runScheduled } = await import("../../workers/cron");
    const { userId } = await gmailParent(["rivera@maplewood.example.org"]);
    fakeGmailStore.deliver(userId, mailFrom("rivera@maplewood.example.org", "Spirit day"), new Date(NOW.getTime() - HOUR));
    const controller = { scheduledTime: NOW.getTime(), cron: "*/15 * * * *", noRetry() {} } as ScheduledController;
    await runScheduled(controller, env);
    expect((await stored(userId)).map((m) => m.subject)).toEqual(["Spirit day"]);
  });
});
