import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { attachments, messages, pdfChunks, users } from "~/.server/db/schema";
import { tinyPdf } from "~/.server/extract/read/tiny-pdf.fixture";
import type { IngestJob } from "~/.server/ingest/jobs";
import { BASIC_LIMIT_NOTE } from "~/.server/ingest/limits";
import { NOT_DELIVERED } from "~/.server/ingest/inbound";
import { rawMailKey } from "~/.server/ingest/mail-store";
import { FAILED_NOTE, runIngestJob } from "~/.server/ingest/run-job";
import * as pipeline from "~/.server/extract/pipeline";
import worker from "./entry";
import { call, db, send, signIn } from "./helpers";
import { eventsOf, messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

/** Runs a source's job directly, as the queue consumer would. */
async function runJob(job: IngestJob, attempt = 1) {
  await runIngestJob(job, env, attempt);
}

const PICTURE_DAY = {
  subject: "Picture Day",
  text: "Hello families,\n\nPicture Day is Friday, December 4, 2026 at 9:00 a.m. in the gym.\n\nMs. Rivera",
};

describe("mail in → events out", () => {
  it("stores a month-wide item, a week-long one and an event's sign-up link as the feed reads them", async () => {
    const parent = await parentWithInbox();
    const text =
      "Hello families,\n\nDecember is Giving Tree Month at our school.\nKindness Week is Dec 14-18.\nVolunteer for the Winter Concert on Dec 10: https://signup.example.org/concert\n\nMs. Rivera";
    await deliver(parent.address, rawMail({ to: parent.address, subject: "December news", text }));
    const found = await waitForEvents(parent.cookie, 3);
    const byName = (part: string) => found.find((e) => e.eventName.includes(part));
    expect(byName("Giving Tree")).toMatchObject({ monthEvent: true, weekEvent: false, range: true, startRange: "2026-12-01", endRange: "2026-12-31" });
    expect(byName("Kindness Week")).toMatchObject({ weekEvent: true, monthEvent: false });
    expect(byName("Winter Concert")).toMatchObject({ hyperlink: "https://signup.example.org/concert", monthEvent: false });
  });

  it("turns a forwarded mail into events through email(), the queue and the job", async () => {
    const parent = await parentWithInbox();
    const { rejected } = await deliver(parent.address, rawMail({ to: parent.address, ...PICTURE_DAY }));
    expect(rejected).toEqual([]);

    const found = await waitForEvents(parent.cookie);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ dateTime: true, start: "2026-12-04T14:00:00.000Z" });
    expect(found[0]!.eventName.toLowerCase()).toContain("picture day");
    expect(found[0]!.mentions).toHaveLength(1);
    expect(found[0]!.mentions[0]).toMatchObject({
      sourceType: "email",
      sourceSender: "Ms. Rivera",
      sourceAddress: "rivera@maplewood.example.org",
    });

    const [stored] = await messagesOf(parent.userId);
    expect(stored).toMatchObject({ status: "extracted", subject: "Picture Day", eventsCount: 1 });
  });

  it("stores the same mail once, however often it arrives", async () => {
    const parent = await parentWithInbox();
    const raw = rawMail({ to: parent.address, messageId: "<same@maplewood.example.org>", ...PICTURE_DAY });
    await deliver(parent.address, raw);
    await deliver(parent.address, raw);
    await waitForEvents(parent.cookie);
    expect(await messagesOf(parent.userId)).toHaveLength(1);
    expect(await eventsOf(parent.cookie)).toHaveLength(1);
  });

  it("recognises a repeat without a Message-ID by its content", async () => {
    const parent = await parentWithInbox();
    const raw = rawMail({ to: parent.address, messageId: null, ...PICTURE_DAY });
    await deliver(parent.address, raw);
    await deliver(parent.address, raw);
    expect(await messagesOf(parent.userId)).toHaveLength(1);
  });

  it("makes one event with two mentions of an event announced in two mails", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, rawMail({ to: parent.address, ...PICTURE_DAY }));
    await waitForEvents(parent.cookie);
    await deliver(
      parent.address,
      rawMail({
        to: parent.address,
        from: "Maplewood Office <office@maplewood.example.org>",
        subject: "Reminder: Picture Day",
        date: "Wed, 25 Nov 2026 15:00:00 -0500",
        text: "Reminder: Picture Day is Friday, December 4, 2026 at 9:00 a.m. Smiles on!",
      }),
    );
    const started = Date.now();
    let found = await eventsOf(parent.cookie);
    while (found[0]?.mentions.length !== 2 && Date.now() - started < 8000) {
      await new Promise((r) => setTimeout(r, 100));
      found = await eventsOf(parent.cookie);
    }
    expect(found).toHaveLength(1);
    expect(found[0]!.mentions.map((m) => m.sourceSender).toSorted()).toEqual(["Maplewood Office", "Ms. Rivera"]);
  });

  it("makes one event of the text part, the HTML part and the attached .ics of one mail", async () => {
    const parent = await parentWithInbox();
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Maplewood//EN",
      "BEGIN:VEVENT",
      "UID:winter-concert-2026@maplewood.example.org",
      "DTSTAMP:20261120T120000Z",
      "DTSTART;TZID=America/Toronto:20261210T183000",
      "DTEND;TZID=America/Toronto:20261210T200000",
      "SUMMARY:Winter Concert",
      "LOCATION:Maplewood Gym",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    await deliver(
      parent.address,
      rawMail({
        to: parent.address,
        subject: "Winter Concert",
        text: "Our Winter Concert is Thursday, December 10, 2026 from 6:30 to 8:00 p.m. in the gym.",
        html: "<p>Our <b>Winter Concert</b> is Thursday, December 10, 2026 from 6:30 to 8:00 p.m. in the gym.</p>",
        ics,
      }),
    );
    const found = await waitForEvents(parent.cookie);
    // Give a slow duplicate a moment to show up, if there were one.
    await new Promise((r) => setTimeout(r, 300));
    const all = await eventsOf(parent.cookie);
    expect(found.length).toBeGreaterThan(0);
    expect(all.filter((e) => e.eventName.toLowerCase().includes("concert"))).toHaveLength(1);
  });

  it("creates nothing new when the queue redelivers a job", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, rawMail({ to: parent.address, ...PICTURE_DAY }));
    await waitForEvents(parent.cookie);
    const [message] = await messagesOf(parent.userId);
    const job: IngestJob = { kind: "message", userId: parent.userId, messageId: message!.id };
    const batch = createMessageBatch("cubby-ingest", [
      { id: "again", timestamp: new Date(), attempts: 2, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["again"]);
    const found = await eventsOf(parent.cookie);
    expect(found).toHaveLength(1);
    expect(found[0]!.mentions).toHaveLength(1);
  });
});

describe("refused and malformed mail", () => {
  it("rejects mail for an unknown recipient", async () => {
    const { rejected } = await deliver("nobody@in.cubby.localhost", rawMail({ to: "nobody@in.cubby.localhost", ...PICTURE_DAY }));
    expect(rejected).toEqual([NOT_DELIVERED]);
  });

  it("rejects mail over the size limit, and stores nothing", async () => {
    const parent = await parentWithInbox();
    const huge = rawMail({ to: parent.address, subject: "Huge", text: "x".repeat(10 * 1024 * 1024 + 10) });
    const { rejected } = await deliver(parent.address, huge);
    expect(rejected).toEqual(["Message is larger than Cubby accepts (10 MB)."]);
    expect(await messagesOf(parent.userId)).toHaveLength(0);
  });

  it.each([
    [
      "a truncated multipart",
      (to: string) =>
        `From: a@example.org\r\nTo: ${to}\r\nSubject: Cut off\r\nDate: Mon, 23 Nov 2026 08:00:00 -0500\r\nMessage-ID: <cut-${crypto.randomUUID()}@x>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="zz"\r\n\r\n--zz\r\nContent-Type: text/plain\r\n\r\nBake sale on Friday, December 11, 2026.\r\n--zz\r\nContent-Type: text/html\r\n\r\n<p>Bake sa`,
    ],
    [
      "bad base64",
      (to: string) =>
        `From: a@example.org\r\nTo: ${to}\r\nSubject: Bad base64\r\nDate: Mon, 23 Nov 2026 08:00:00 -0500\r\nMessage-ID: <b64-${crypto.randomUUID()}@x>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not*base64@@@\r\n`,
    ],
    [
      "an unknown charset",
      (to: string) =>
        `From: a@example.org\r\nTo: ${to}\r\nSubject: Odd charset\r\nDate: Mon, 23 Nov 2026 08:00:00 -0500\r\nMessage-ID: <cs-${crypto.randomUUID()}@x>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=x-made-up-9\r\n\r\nBook fair Monday, December 7, 2026.\r\n`,
    ],
    [
      "no Date header",
      (to: string) =>
        `From: a@example.org\r\nTo: ${to}\r\nSubject: No date\r\nMessage-ID: <nd-${crypto.randomUUID()}@x>\r\n\r\nSpirit day on Friday, December 18, 2026.\r\n`,
    ],
    [
      "no Message-ID",
      (to: string) =>
        `From: a@example.org\r\nTo: ${to}\r\nSubject: No id ${crypto.randomUUID()}\r\nDate: Mon, 23 Nov 2026 08:00:00 -0500\r\n\r\nPajama day on Friday, December 18, 2026.\r\n`,
    ],
  ])("stores %s with what could be read, never crashing", async (_label, make) => {
    const parent = await parentWithInbox();
    const { rejected } = await deliver(parent.address, make(parent.address));
    expect(rejected).toEqual([]);
    const stored = await messagesOf(parent.userId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.subject).not.toBe("");
    expect(stored[0]!.status).not.toBe("failed");
  });

  it("rejects, with a reason, mail with nothing readable in it", async () => {
    const parent = await parentWithInbox();
    const { rejected } = await deliver(parent.address, new Uint8Array([0, 159, 146, 150, 0, 0, 255]));
    expect(rejected).toEqual(["Cubby could not read this message."]);
    expect(await messagesOf(parent.userId)).toHaveLength(0);
  });
});

describe("tiers", () => {
  it("reads 5 e-mails a month for a Basic parent and keeps the rest unread, saying so", async () => {
    const parent = await parentWithInbox();
    for (let i = 0; i < 7; i++) {
      await deliver(parent.address, rawMail({ to: parent.address, subject: `Note ${i}`, text: "Hello" }));
    }
    const stored = await messagesOf(parent.userId);
    expect(stored).toHaveLength(7);
    const limited = stored.filter((m) => m.status === "limited");
    expect(limited).toHaveLength(2);
    expect(limited[0]!.statusDetail).toBe(BASIC_LIMIT_NOTE);
  });

  it("reads every e-mail of a Premium parent", async () => {
    const parent = await parentWithInbox();
    await db().update(users).set({ subscriptionStatus: "trialing" }).where(eq(users.id, parent.userId));
    for (let i = 0; i < 7; i++) {
      await deliver(parent.address, rawMail({ to: parent.address, subject: `Note ${i}`, text: "Hello" }));
    }
    const stored = await messagesOf(parent.userId);
    expect(stored.filter((m) => m.status === "limited")).toHaveLength(0);
  });

  it("keeps web pages and PDFs for Premium, with a clear JSON error", async () => {
    const parent = await parentWithInbox();
    const response = await call(`/api/checkurl?url=${encodeURIComponent("https://school.example.org/cal")}`, {
      cookie: parent.cookie,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Importing web pages and PDFs is a Premium feature." });
  });
});

describe("failures", () => {
  it("retries a failing job, then marks the source failed and keeps it for a rescan", async () => {
    const parent = await parentWithInbox();
    await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, parent.userId));
    const spy = vi.spyOn(pipeline, "extractEvents").mockRejectedValue(new Error("extractor down"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [message] = await db()
      .insert(messages)
      .values({ userId: parent.userId, messageKey: `<fail-${crypto.randomUUID()}>`, subject: "Flaky", text: "Zoo Friday" })
      .returning();
    const job: IngestJob = { kind: "message", userId: parent.userId, messageId: message!.id };
    await expect(runJob(job, 1)).rejects.toThrow("extractor down");
    await runJob(job, 4);
    expect(warn).toHaveBeenCalledWith("Ingest gave up", "message", "Error: extractor down");
    spy.mockRestore();
    const [after] = await messagesOf(parent.userId);
    expect(after).toMatchObject({ status: "failed", statusDetail: FAILED_NOTE });

    const reset = await send("POST", `/api/messages/${message!.id}/reset`, parent.cookie);
    expect(reset.status).toBe(200);
  });
});

describe("rescanning", () => {
  it("replaces a source's events without duplicating them, keeping the parent's flags", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, rawMail({ to: parent.address, ...PICTURE_DAY }));
    const [event] = await waitForEvents(parent.cookie);
    await send("POST", `/api/events/${event!._id}/like`, parent.cookie, { toggle: true });
    const [message] = await messagesOf(parent.userId);

    await runJob({ kind: "message", userId: parent.userId, messageId: message!.id, rescan: true });
    const found = await eventsOf(parent.cookie);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ _id: event!._id, like: true });
    expect(found[0]!.mentions).toHaveLength(1);
  });
});

describe("one parent's sources are theirs alone", () => {
  it("answers 404 to another parent for messages, rescans, URL sources and events", async () => {
    const owner = await parentWithInbox();
    const stranger = await signIn();
    await deliver(owner.address, rawMail({ to: owner.address, ...PICTURE_DAY }));
    const [event] = await waitForEvents(owner.cookie);
    const [message] = await messagesOf(owner.userId);

    expect((await call(`/api/messages/${message!.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await send("POST", `/api/messages/${message!.id}/reset`, stranger.cookie)).status).toBe(404);
    expect((await call(`/api/urls/${message!.id}`, { cookie: stranger.cookie })).status).toBe(404);
    for (const flag of ["like", "dislike", "firstview"]) {
      const body = flag === "firstview" ? { firstView: true } : { toggle: true };
      expect((await send("POST", `/api/events/${event!._id}/${flag}`, stranger.cookie, body)).status).toBe(404);
    }
    expect(await eventsOf(stranger.cookie)).toEqual([]);
    // And the owner's event is untouched.
    const [mine] = await eventsOf(owner.cookie);
    expect(mine).toMatchObject({ like: false, dislike: false, firstView: false });
  });

  it("shows the owner their message with its events", async () => {
    const owner = await parentWithInbox();
    await deliver(owner.address, rawMail({ to: owner.address, ...PICTURE_DAY }));
    await waitForEvents(owner.cookie);
    const [message] = await messagesOf(owner.userId);
    const response = await call(`/api/messages/${message!.id}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subject: string; senderInfo: unknown; events: unknown[] };
    expect(body).toMatchObject({
      subject: "Picture Day",
      senderInfo: { sender: "Ms. Rivera", address: "rivera@maplewood.example.org" },
    });
    expect(body.events).toHaveLength(1);
  });
});

describe("event flags", () => {
  it("toggles like, dislike with a reason, and marks first view", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, rawMail({ to: parent.address, ...PICTURE_DAY }));
    const [event] = await waitForEvents(parent.cookie);
    const id = event!._id;
    expect((await send("POST", `/api/events/${id}/like`, parent.cookie, { toggle: true })).status).toBe(200);
    expect(
      (await send("POST", `/api/events/${id}/dislike`, parent.cookie, { toggle: true, dislikeReason: "Irrelevant info" }))
        .status,
    ).toBe(200);
    expect((await send("POST", `/api/events/${id}/firstview`, parent.cookie, { firstView: true })).status).toBe(200);
    const [after] = await eventsOf(parent.cookie);
    expect(after).toMatchObject({ like: true, dislike: true, dislikeReason: "Irrelevant info", firstView: true });

    await send("POST", `/api/events/${id}/dislike`, parent.cookie, { toggle: false, dislikeReason: null });
    const [undone] = await eventsOf(parent.cookie);
    expect(undone).toMatchObject({ dislike: false, dislikeReason: null });
  });

  it("refuses a reason that is not one of the three", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, rawMail({ to: parent.address, ...PICTURE_DAY }));
    const [event] = await waitForEvents(parent.cookie);
    const response = await send("POST", `/api/events/${event!._id}/dislike`, parent.cookie, {
      toggle: true,
      dislikeReason: "I just don't like it",
    });
    expect(response.status).toBe(400);
  });
});

describe("GET /api/checkmessages", () => {
  it("streams the parent's progress as Server-Sent Events and closes when complete", async () => {
    const parent = await parentWithInbox();
    const response = await call("/api/checkmessages", { cookie: parent.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    // Nothing is being checked, so the first message is already "complete" and the stream ends.
    expect(await response.text()).toBe('data: {"currentProgress":0,"totalProgress":0,"eventsCount":0}\n\n');
  });

  it("needs a session", async () => {
    expect((await call("/api/checkmessages")).status).toBe(401);
  });
});

describe("PDF attachments", () => {
  it("are kept unread by email(), in the raw mail in R2, and read from there by the queue job", async () => {
    const parent = await parentWithInbox();
    const pdf = btoa(String.fromCharCode(...tinyPdf("Book Fair is Friday, December 4, 2026 at 3:00 p.m.")));
    const raw = [
      "From: Ms. Rivera <rivera@maplewood.example.org>", `To: ${parent.address}`, "Subject: Flyer attached",
      "Date: Mon, 23 Nov 2026 08:00:00 -0500", `Message-ID: <${crypto.randomUUID()}@maplewood.example.org>`,
      'Content-Type: multipart/mixed; boundary="m"', "", "--m", "Content-Type: text/plain", "", "Please see the flyer.",
      "--m", "Content-Type: application/pdf; name=flyer.pdf", "Content-Transfer-Encoding: base64", "", pdf, "--m--", "",
    ].join("\r\n");
    // Run the job by hand: the queue must not read it first.
    const queued = vi.spyOn(env.INGEST, "sendBatch").mockResolvedValue(undefined as never);
    try {
      expect((await deliver(parent.address, raw)).rejected).toEqual([]);
    } finally {
      queued.mockRestore();
    }
    const [message] = await messagesOf(parent.userId);
    const kept = await db().select().from(attachments).where(eq(attachments.messageId, message!.id));
    expect(kept).toMatchObject([{ contentType: "application/pdf", text: "" }]);
    // D1 holds no file: the mail as it arrived, PDF inside, is one R2 object.
    expect(await db().select().from(pdfChunks).where(eq(pdfChunks.attachmentId, kept[0]!.id))).toEqual([]);
    expect(message!.html).toBeNull();
    expect(await (await env.MAIL_STORE.get(rawMailKey(message!.id)))?.text()).toContain(pdf.slice(0, 40));

    await runJob({ kind: "message", userId: parent.userId, messageId: message!.id });
    const [read] = await db().select().from(attachments).where(eq(attachments.id, kept[0]!.id));
    expect(read!.text).toContain("Book Fair");
    expect((await eventsOf(parent.cookie)).map((e) => e.eventName.toLowerCase())).toContainEqual(expect.stringContaining("book fair"));
  });
});
