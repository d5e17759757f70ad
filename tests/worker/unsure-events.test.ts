/**
 * issue 30 "Sure, or ask", through the real path: the email() handler, the queue
 * job, D1 and the API. A date Cubby is unsure of waits for a parent's answer and
 * stays out of everything else; Add makes it ordinary, "Not an event" hides it for
 * good, also across a rescan. Every event keeps the line it came from.
 */
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { IngestJob } from "~/.server/ingest/jobs";
import { runIngestJob } from "~/.server/ingest/run-job";
import { eventsOnDays } from "~/.server/integrations/local-day-events";
import { call, db, send } from "./helpers";
import { eventsOf, messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

// Sent on Monday, November 23 2026: the Friday is the 27th.
const NEWSLETTER = {
  subject: "Room 12 news",
  text: [
    "Hello families,",
    "",
    "Picture day is Tuesday, December 1 at 9:00 am in the gym.",
    "",
    "If enough of you are around we might possibly try to get together on Friday for a bit, though last year it rained and nobody was sure where to meet or what to bring along with them.",
  ].join("\n"),
};

/** A rescan of the parent's message, run as the queue consumer would. */
async function rescan(userId: string) {
  const [message] = await messagesOf(userId);
  const job: IngestJob = { kind: "message", userId, messageId: message!.id, rescan: true };
  await runIngestJob(job, env, 1);
}

async function newsletterParent() {
  const parent = await parentWithInbox();
  await deliver(parent.address, rawMail({ to: parent.address, ...NEWSLETTER }));
  const found = await waitForEvents(parent.cookie, 2);
  const sure = found.find((e) => e.eventName === "Picture day")!;
  const unsure = found.find((e) => e.needsReview)!;
  return { parent, sure, unsure };
}

async function feedOut(cookie: string): Promise<string[]> {
  const link = ((await (await call("/api/ics-link", { cookie })).json()) as { url: string }).url;
  const text = await (await call(new URL(link).pathname)).text();
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => String(v.getFirstPropertyValue("summary")));
}

describe("a date Cubby is unsure of", () => {
  it("waits with its source line and confidence, out of the calendar feed out, the days' events and saves", async () => {
    const { parent, sure, unsure } = await newsletterParent();
    expect(sure).toMatchObject({ needsReview: false, source: "Picture day is Tuesday, December 1 at 9:00 am in the gym." });
    expect(sure.confidence).toBeGreaterThanOrEqual(0.5);
    expect(unsure.start).toBe("2026-11-27");
    expect(unsure.confidence).toBeLessThan(0.5);
    expect(unsure.source).toContain("we might possibly try to get together on Friday");

    expect(await feedOut(parent.cookie)).toEqual(["Picture day"]);
    const days = await eventsOnDays(db(), parent.userId, { first: "2026-11-27", last: "2026-11-27", timeZone: "America/Toronto" });
    expect(days.map((d) => d.id)).not.toContain(unsure._id);
    const save = await send("POST", `/api/events/${unsure._id}/like`, parent.cookie, { toggle: true });
    expect(save.status).toBe(409);
  });

  it("becomes an ordinary event when a parent adds it, in the feed out too", async () => {
    const { parent, unsure } = await newsletterParent();
    const added = await send("POST", `/api/events/${unsure._id}/confirm`, parent.cookie);
    expect(added.status).toBe(200);
    expect(((await added.json()) as { event: { needsReview: boolean } }).event.needsReview).toBe(false);
    expect((await feedOut(parent.cookie)).toSorted()).toEqual(["Picture day", unsure.eventName].toSorted());
    const days = await eventsOnDays(db(), parent.userId, { first: "2026-11-27", last: "2026-11-27", timeZone: "America/Toronto" });
    expect(days.map((d) => d.id)).toContain(unsure._id);
  });

  it("answered 'Not an event' is hidden with its reason and not asked again after a rescan; an added one stays added", async () => {
    const { parent, unsure } = await newsletterParent();
    const hidden = await send("POST", `/api/events/${unsure._id}/dislike`, parent.cookie, { toggle: true, dislikeReason: "Irrelevant info" });
    expect(hidden.status).toBe(200);
    await rescan(parent.userId);
    const after = await eventsOf(parent.cookie);
    expect(after).toHaveLength(2);
    expect(after.find((e) => e._id === unsure._id)).toMatchObject({ dislike: true, dislikeReason: "Irrelevant info" });

    const other = await newsletterParent();
    await send("POST", `/api/events/${other.unsure._id}/confirm`, other.parent.cookie);
    await rescan(other.parent.userId);
    expect((await eventsOf(other.parent.cookie)).find((e) => e._id === other.unsure._id)).toMatchObject({ needsReview: false, dislike: false });
  });

  it("is the family's: another family cannot add it", async () => {
    const { unsure } = await newsletterParent();
    const stranger = await parentWithInbox();
    expect((await send("POST", `/api/events/${unsure._id}/confirm`, stranger.cookie)).status).toBe(404);
  });
});
