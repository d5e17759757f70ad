import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { children, events, messages, schools } from "~/.server/db/schema";
import { runIngestJob } from "~/.server/ingest/run-job";
import { call, db, send, signIn } from "./helpers";
import { deliver, rawMail } from "./mail";

async function parentWithInbox() {
  const parent = await signIn();
  const username = `t${crypto.randomUUID().slice(0, 8)}`;
  await send("POST", "/api/timezone", parent.cookie, { timezone: "America/Toronto" });
  await send("POST", "/api/user/username", parent.cookie, { username });
  return { ...parent, address: `${username}@in.cubby.localhost` };
}

async function addChild(userId: string, firstName: string, grade: string, teachers: string[] = [], schoolId: string | null = null) {
  const [row] = await db()
    .insert(children)
    .values({ userId, firstName, grade, avatarId: "dolphin", teachers, schoolId })
    .returning();
  return row!;
}

async function eventsOf(cookie: string) {
  const body = (await (await call("/api/events", { cookie })).json()) as {
    events: { _id: string; eventName: string; taggedPeople: string[] }[];
  };
  return body.events;
}

async function waitForEvents(cookie: string) {
  for (let i = 0; i < 80; i++) {
    const found = await eventsOf(cookie);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

const FROM_ALVAREZ = {
  from: "Mrs. Alvarez <alvarez@maplewood.example.org>",
  subject: "Class news",
  text: "Dear families,\n\nOur class trip to the Science Centre is Friday, December 11, 2026.\n\nMrs. Alvarez",
};

describe("every event finds its child", () => {
  it("tags an event with the child whose teacher sent the mail, and only that child", async () => {
    const parent = await parentWithInbox();
    const maya = await addChild(parent.userId, "Maya", "grade 2", ["mrs. alvarez"]);
    await addChild(parent.userId, "Leo", "grade 5", ["mr. okafor"]);
    await deliver(parent.address, rawMail({ to: parent.address, ...FROM_ALVAREZ }));
    const [event] = await waitForEvents(parent.cookie);
    expect(event!.taggedPeople).toEqual([maya.id]);
  });

  it("tags every child at the school for school-wide mail, and nobody for mail that points at no child", async () => {
    const parent = await parentWithInbox();
    const [school] = await db()
      .insert(schools)
      .values({ name: `Maplewood Elementary ${crypto.randomUUID().slice(0, 4)}`, domain: "maplewood.example.org" })
      .returning();
    const maya = await addChild(parent.userId, "Maya", "grade 2", [], school!.id);
    const leo = await addChild(parent.userId, "Leo", "grade 5", [], school!.id);
    await addChild(parent.userId, "Sofia", "grade 8");
    await deliver(
      parent.address,
      rawMail({
        to: parent.address,
        from: "Maplewood Office <office@maplewood.example.org>",
        subject: "No school Friday",
        text: "There is no school on Friday, December 18, 2026 for a professional development day.",
      }),
    );
    const [event] = await waitForEvents(parent.cookie);
    expect(event!.taggedPeople.toSorted()).toEqual([maya.id, leo.id].toSorted());

    const other = await parentWithInbox();
    await addChild(other.userId, "Maya", "grade 2");
    await deliver(
      other.address,
      rawMail({
        to: other.address,
        from: "City Library <events@library.example.net>",
        subject: "Holiday storytime",
        text: "Join us for holiday storytime on Saturday, December 19, 2026 at 10 a.m.",
      }),
    );
    const [unrelated] = await waitForEvents(other.cookie);
    expect(unrelated!.taggedPeople).toEqual([]);
  });

  it("tags every event of a mail that brings more events than one database statement can name", async () => {
    const parent = await parentWithInbox();
    const maya = await addChild(parent.userId, "Maya", "grade 2", ["mrs. alvarez"]);
    const day = (n: number) => new Date(Date.UTC(2027, 0, 4 + n)).toISOString().slice(0, 10).replaceAll("-", "");
    const vevents = Array.from({ length: 120 }, (_, n) =>
      ["BEGIN:VEVENT", `UID:club-${n}@maplewood.example.org`, "DTSTAMP:20261120T120000Z", `DTSTART;VALUE=DATE:${day(n)}`, `SUMMARY:Reading club ${n + 1}`, "END:VEVENT"].join("\r\n"),
    );
    const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Maplewood//EN", ...vevents, "END:VCALENDAR"].join("\r\n");
    await deliver(parent.address, rawMail({ to: parent.address, from: FROM_ALVAREZ.from, subject: "Reading club dates", text: "Dear families, the reading club dates are attached.\n\nMrs. Alvarez", ics }));
    let found = await waitForEvents(parent.cookie);
    for (let i = 0; i < 80 && !(found.length > 90 && found.every((event) => event.taggedPeople.length)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = await eventsOf(parent.cookie);
    }
    expect(found.length).toBeGreaterThan(90);
    expect(found.filter((event) => event.taggedPeople.join() !== maya.id)).toEqual([]);
  });

  it("never considers another parent's children", async () => {
    const parent = await parentWithInbox();
    const neighbour = await signIn();
    // The neighbour's child shares the teacher; the parent has no children at all.
    await addChild(neighbour.userId, "Maya", "grade 2", ["mrs. alvarez"]);
    await deliver(parent.address, rawMail({ to: parent.address, ...FROM_ALVAREZ }));
    const [event] = await waitForEvents(parent.cookie);
    expect(event!.taggedPeople).toEqual([]);
  });

  it("keeps the parent's correction through a rescan", async () => {
    const parent = await parentWithInbox();
    await addChild(parent.userId, "Maya", "grade 2", ["mrs. alvarez"]);
    const leo = await addChild(parent.userId, "Leo", "grade 5");
    await deliver(parent.address, rawMail({ to: parent.address, ...FROM_ALVAREZ }));
    const [event] = await waitForEvents(parent.cookie);

    const corrected = await send("PUT", `/api/events/${event!._id}/children`, parent.cookie, { taggedPeople: [leo.id] });
    expect(corrected.status).toBe(200);

    const [message] = await db().select().from(messages).where(eq(messages.userId, parent.userId));
    await runIngestJob({ kind: "message", userId: parent.userId, messageId: message!.id, rescan: true }, env, 1);
    const [after] = await eventsOf(parent.cookie);
    expect(after!.taggedPeople).toEqual([leo.id]);
    const [row] = await db().select().from(events).where(eq(events.id, event!._id));
    expect(row!.taggedPeopleFixed).toBe(true);
  });

  it("refuses a correction naming a child who is not the parent's", async () => {
    const parent = await parentWithInbox();
    const neighbour = await signIn();
    const theirs = await addChild(neighbour.userId, "Ava", "grade 3");
    await deliver(parent.address, rawMail({ to: parent.address, ...FROM_ALVAREZ }));
    const [event] = await waitForEvents(parent.cookie);
    const response = await send("PUT", `/api/events/${event!._id}/children`, parent.cookie, { taggedPeople: [theirs.id] });
    expect(response.status).toBe(400);
    expect((await send("PUT", `/api/events/${event!._id}/children`, neighbour.cookie, { taggedPeople: [] })).status).toBe(404);
  });
});

describe("re-tagging when a child changes", () => {
  it("tags a coach's earlier practices once the coach is added to the child", async () => {
    const parent = await parentWithInbox();
    const sofia = await addChild(parent.userId, "Sofia", "grade 8");
    await deliver(
      parent.address,
      rawMail({
        to: parent.address,
        from: "Coach Dana Brooks <dana@rapids.example.org>",
        subject: "Practice this week",
        text: "Hi all, extra practice on Wednesday, December 9, 2026 from 5:00 to 6:30 p.m. at Field 3.\n\nCoach Dana",
      }),
    );
    const [before] = await waitForEvents(parent.cookie);
    expect(before!.taggedPeople).toEqual([]);

    const response = await send("PUT", `/api/child/${sofia.id}`, parent.cookie, { teachers: ["dana brooks"] });
    expect(response.status).toBe(200);
    let after = before!;
    for (let i = 0; i < 50 && !after.taggedPeople.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      [after] = await eventsOf(parent.cookie);
    }
    expect(after.taggedPeople).toEqual([sofia.id]);
  });
});
