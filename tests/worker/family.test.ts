/**
 * One family, two parents (ADR 026): invitations, what a partner sees and
 * shares, and the tenant boundary — every family-data route answers the
 * family's member, and nothing of it to a removed member or a stranger.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarLinks, children, eventMonths, events, familyMembers, likes, mailOutbox, messages, urlSources, users } from "~/.server/db/schema";
import type { EventView } from "~/.server/events";
import { packPastMonths } from "~/.server/past-months";
import { call, db, send, signIn } from "./helpers";
import { eventsOf, messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

const PICTURE_DAY = "Picture Day is Friday, December 4, 2026 at 9:00 a.m. in the gym.";
const BOOK_FAIR = "Book Fair is Wednesday, December 9, 2026 at 3:00 p.m. in the library.";
/** When December 2026 is history: its events are packed (past-months.ts). */
const A_YEAR_ON = new Date("2027-12-15T12:00:00Z");

type Parent = Awaited<ReturnType<typeof parentWithInbox>>;

async function makePremium(userId: string) {
  await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, userId));
}

interface FamilyAnswer {
  family: {
    id: string;
    members: { userId: string; email: string; role: string }[];
    invites: { id: string; email: string; status: string }[];
    incoming: { id: string; from: string }[];
  };
}

async function familyOf(cookie: string): Promise<FamilyAnswer["family"]> {
  const response = await call("/api/family", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as FamilyAnswer).family;
}

async function invite(from: Parent, to: Parent) {
  const response = await send("POST", "/api/family/invites", from.cookie, { email: to.email });
  expect(response.status).toBe(201);
  return ((await response.json()) as { invite: { id: string; email: string; status: string } }).invite;
}

async function join(from: Parent, to: Parent, bring: "mine" | "none" = "none") {
  const { id } = await invite(from, to);
  const response = await send("POST", `/api/family/invites/${id}/accept`, to.cookie, { bring });
  expect(response.status).toBe(200);
  return ((await response.json()) as FamilyAnswer).family;
}

async function addChild(parent: Parent, firstName: string): Promise<string> {
  const response = await send("POST", "/api/child", parent.cookie, { firstName, grade: "kindergarten", avatarId: "dolphin" });
  expect(response.status).toBeLessThan(300);
  const [row] = await db().select().from(children).where(eq(children.firstName, firstName));
  return row!.id;
}

async function mailPictureDay(parent: Parent, text = PICTURE_DAY) {
  const { rejected } = await deliver(parent.address, rawMail({ to: parent.address, subject: "Class news", text }));
  expect(rejected).toEqual([]);
}

/** A Premium parent A with Picture Day from mail, and B who had the same mail (one event, once) and another of their own. */
async function twoFeedsWithPictureDay() {
  const a = await parentWithInbox();
  const b = await parentWithInbox();
  await makePremium(a.userId);
  await mailPictureDay(a);
  await waitForEvents(a.cookie);
  await mailPictureDay(b);
  await mailPictureDay(b, BOOK_FAIR);
  await waitForEvents(b.cookie, 2);
  return { a, b };
}

/** A Premium owner A with a child and an event from mail, and B who joined A's family. */
async function family() {
  const a = await parentWithInbox();
  const b = await parentWithInbox();
  await makePremium(a.userId);
  const childId = await addChild(a, `Maya${crypto.randomUUID().slice(0, 6)}`);
  await mailPictureDay(a);
  const [event] = await waitForEvents(a.cookie);
  expect(event).toBeDefined();
  await join(a, b);
  return { a, b, childId, event: event! };
}

describe("inviting a partner", () => {
  it("is Premium: a Basic family's invitation answers 402 and nothing is sent", async () => {
    const a = await parentWithInbox();
    const response = await send("POST", "/api/family/invites", a.cookie, { email: "partner@example.com" });
    expect(response.status).toBe(402);
    expect((await familyOf(a.cookie)).invites).toEqual([]);
  });

  it("shows the invitation to the family and to the invited parent, who may decline it", async () => {
    const a = await parentWithInbox();
    const b = await parentWithInbox();
    await makePremium(a.userId);
    const sent = await invite(a, b);
    expect(sent).toMatchObject({ email: b.email, status: "pending" });
    expect((await familyOf(a.cookie)).invites).toEqual([sent]);
    expect((await familyOf(b.cookie)).incoming).toEqual([{ id: sent.id, from: a.email }]);
    // Nobody else can accept or decline it.
    const stranger = await parentWithInbox();
    expect((await send("POST", `/api/family/invites/${sent.id}/accept`, stranger.cookie, { bring: "none" })).status).toBe(404);
    expect((await send("DELETE", `/api/family/invites/${sent.id}`, stranger.cookie)).status).toBe(404);
    expect((await send("DELETE", `/api/family/invites/${sent.id}`, b.cookie)).status).toBe(200);
    expect((await familyOf(a.cookie)).invites).toEqual([]);
    expect((await familyOf(b.cookie)).incoming).toEqual([]);
  });

  it("comes from the Parenting Partner row: saving the address invites them", async () => {
    const a = await parentWithInbox();
    await makePremium(a.userId);
    const response = await send("POST", "/api/user/partner", a.cookie, { partnerEmail: "Grandma@Example.com" });
    expect(response.status).toBe(200);
    expect((await familyOf(a.cookie)).invites).toMatchObject([{ email: "grandma@example.com", status: "pending" }]);
    // One mail: the weekly-preview confirmation, with the way into the family beside it.
    const sent = await db().select().from(mailOutbox).where(eq(mailOutbox.userId, a.userId));
    expect(sent.map((m) => [m.to, m.kind])).toEqual([["grandma@example.com", "partner-confirmation"]]);
    expect(sent[0]!.text).toMatch(/sign in with this address: http:\/\/\S+\/profile/);
  });
});

describe("a family of two", { timeout: 20_000 }, () => {
  it("shares the feed, children and messages; mail to either address is the family's", async () => {
    const { a, b, childId, event } = await family();
    expect((await familyOf(b.cookie)).members.map((m) => [m.userId, m.role])).toEqual([
      [a.userId, "owner"],
      [b.userId, "partner"],
    ]);
    expect((await eventsOf(b.cookie)).map((e) => e.id)).toEqual([event.id]);
    const profile = (await (await call("/api/user/profile", { cookie: b.cookie })).json()) as {
      user: { children: { _id: string }[]; familyRole: string; subscription: { subscriptionStatus: string } };
    };
    expect(profile.user.children.map((c) => c._id)).toEqual([childId]);
    expect(profile.user).toMatchObject({ familyRole: "partner", subscription: { subscriptionStatus: "active" } });

    // B forwards a mail to B's own address: it lands in A's feed too.
    await mailPictureDay(b, BOOK_FAIR);
    const both = await waitForEvents(a.cookie, 2);
    expect(both.map((e) => e.eventName).toSorted()).toEqual(["Book Fair", "Picture Day"]);
    expect((await eventsOf(b.cookie)).length).toBe(2);
    // B's mail opens for A: its card, read from the family's store, has B's text.
    const cards = await Promise.all(
      (await messagesOf(a.userId)).map(async (m) => (await (await call(`/api/messages/${m.id}`, { cookie: a.cookie })).json()) as { text: string | null }),
    );
    expect(cards.filter((card) => card.text?.includes("Book Fair"))).toHaveLength(1);
  });

  it("hides for both: A hides an event and B no longer sees it as shown", async () => {
    const { a, b, event } = await family();
    expect((await send("POST", `/api/events/${event.id}/dislike`, a.cookie, { toggle: true })).status).toBe(200);
    const seenByB = (await eventsOf(b.cookie)).find((e) => e.id === event.id);
    expect(seenByB?.dislike).toBe(true);
  });

  it("keeps likes each parent's own", async () => {
    const { a, b, event } = await family();
    expect((await send("POST", `/api/events/${event.id}/like`, b.cookie, { toggle: true })).status).toBe(200);
    expect((await eventsOf(b.cookie))[0]!.like).toBe(true);
    expect((await eventsOf(a.cookie))[0]!.like).toBe(false);
    expect(await db().select().from(likes).where(eq(likes.eventId, event.id))).toMatchObject([{ userId: b.userId }]);
  });

  it("lets either parent correct the children; the correction is the family's", async () => {
    const { a, b, childId, event } = await family();
    const response = await send("PUT", `/api/events/${event.id}/children`, b.cookie, { taggedPeople: [childId] });
    expect(response.status).toBe(200);
    expect((await eventsOf(a.cookie))[0]!.taggedPeople).toEqual([childId]);
  });

  it("credits a web page to the parent who added it, for both parents (spec §6 '(You)')", async () => {
    const { a, b } = await family();
    const [page] = await db()
      .insert(urlSources)
      .values({ userId: a.userId, addedBy: b.userId, url: "https://maplewood.example.org/news", title: "News", status: "extracted" })
      .returning();
    for (const parent of [a, b]) {
      const answer = (await (await call(`/api/urls/${page!.id}`, { cookie: parent.cookie })).json()) as { creatorInfo: { address: string } };
      expect(answer.creatorInfo.address).toBe(b.email);
    }
    // A page kept before the adder was recorded is the family owner's.
    const [older] = await db()
      .insert(urlSources)
      .values({ userId: a.userId, url: "https://maplewood.example.org/older", title: "Older", status: "extracted" })
      .returning();
    const answer = (await (await call(`/api/urls/${older!.id}`, { cookie: b.cookie })).json()) as { creatorInfo: { address: string } };
    expect(answer.creatorInfo.address).toBe(a.email);
  });

  it("trusts mail forwarded by either parent", async () => {
    const { a, b } = await family();
    // B forwards to A's address (envelope: B's sign-in address): read, not held.
    await deliver(a.address, rawMail({ to: a.address, text: BOOK_FAIR }), { from: b.email });
    const found = await waitForEvents(b.cookie, 2);
    expect(found.map((e) => e.eventName)).toContain("Book Fair");
  });

  it("brings the joining parent's own data when they choose to", async () => {
    const { a, b } = await twoFeedsWithPictureDay();
    await join(a, b, "mine");
    const names = (await eventsOf(a.cookie)).map((e) => e.eventName).toSorted();
    expect(names).toEqual(["Book Fair", "Picture Day"]);
    expect(await db().select().from(events).where(eq(events.userId, b.userId))).toEqual([]);
  });

  it("brings the joining parent's past months too, packed or not, with no second copy", async () => {
    const { a, b } = await twoFeedsWithPictureDay();
    // A year on, both families' events are packed (ADR 038).
    for (const key of [a.userId, b.userId]) expect(await packPastMonths(db(), key, A_YEAR_ON)).toBeGreaterThan(0);
    await join(a, b, "mine");
    expect((await eventsOf(a.cookie)).map((e) => e.eventName).toSorted()).toEqual(["Book Fair", "Picture Day"]);
    expect(await db().select().from(eventMonths).where(eq(eventMonths.userId, b.userId))).toEqual([]);
  });

  it("starts clean when the joining parent chooses to", async () => {
    const a = await parentWithInbox();
    const b = await parentWithInbox();
    await makePremium(a.userId);
    await mailPictureDay(b, BOOK_FAIR);
    await waitForEvents(b.cookie);
    await join(a, b, "none");
    expect(await eventsOf(b.cookie)).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.userId, b.userId))).toEqual([]);
  });
});

describe("leaving and removing", { timeout: 20_000 }, () => {
  it("removal ends the removed parent's access at once; the family keeps its data", async () => {
    const { a, b, event } = await family();
    expect((await send("DELETE", `/api/family/members/${b.userId}`, a.cookie)).status).toBe(200);
    // Same session, next request: nothing of the family.
    expect(await eventsOf(b.cookie)).toEqual([]);
    expect((await call(`/api/events`, { cookie: a.cookie })).status).toBe(200);
    expect((await eventsOf(a.cookie)).map((e) => e.id)).toEqual([event.id]);
    expect((await familyOf(b.cookie)).members.map((m) => m.userId)).toEqual([b.userId]);
    expect((await familyOf(a.cookie)).members.map((m) => m.userId)).toEqual([a.userId]);
  });

  it("only the owner removes someone else; a partner may leave", async () => {
    const { a, b } = await family();
    expect((await send("DELETE", `/api/family/members/${a.userId}`, b.cookie)).status).toBe(403);
    expect((await send("DELETE", `/api/family/members/${b.userId}`, b.cookie)).status).toBe(200);
    expect(await eventsOf(b.cookie)).toEqual([]);
    expect((await eventsOf(a.cookie)).length).toBe(1);
  });

  it("an owner deleting their account leaves the family and its data to the partner", async () => {
    const { a, b, childId, event } = await family();
    expect((await send("DELETE", "/api/user/delete", a.cookie)).status).toBe(200);
    expect((await eventsOf(b.cookie)).map((e) => e.id)).toEqual([event.id]);
    const inherited = await familyOf(b.cookie);
    expect(inherited.members).toEqual([{ userId: b.userId, email: b.email, role: "owner" }]);
    expect(await db().select().from(children).where(eq(children.id, childId))).toHaveLength(1);
  });

  it("a partner deleting their account takes nothing of the family", async () => {
    const { a, b, event } = await family();
    await mailPictureDay(b, BOOK_FAIR);
    await waitForEvents(a.cookie, 2);
    expect((await send("DELETE", "/api/user/delete", b.cookie)).status).toBe(200);
    expect((await eventsOf(a.cookie)).map((e) => e.id)).toContain(event.id);
    expect((await eventsOf(a.cookie)).length).toBe(2);
  });

  it("Delete Data by the partner clears the family's data for both", async () => {
    const { a, b } = await family();
    expect((await send("DELETE", "/api/data/delete", b.cookie)).status).toBe(200);
    expect(await eventsOf(a.cookie)).toEqual([]);
    expect((await db().select().from(familyMembers).where(eq(familyMembers.userId, b.userId))).length).toBe(1);
  });
});

/**
 * The tenant boundary, route by route: the family's member gets the family's
 * data, a removed member and a stranger get none of it (404, or an empty list).
 */
// Each test sets up a family of three parents through the real mail path: more than the default 5 s on a busy machine.
describe("every family-data route × member, removed member, stranger", { timeout: 30_000 }, () => {
  async function setting() {
    const { a, b, childId, event } = await family();
    const c = await parentWithInbox(); // joins, then is removed
    await join(a, c);
    expect((await send("DELETE", `/api/family/members/${c.userId}`, a.cookie)).status).toBe(200);
    const stranger = await parentWithInbox();
    await send("POST", "/api/watchlist", a.cookie, { address: "office@maplewood.example.org" });
    const [message] = await messagesOf(a.userId);
    // What the family holds beyond mail: a calendar link, a web page, a school of its own, mail from someone new.
    const [calendar] = await db()
      .insert(calendarLinks)
      .values({ userId: a.userId, url: `https://calendar.example.org/${crypto.randomUUID()}.ics`, name: "Maplewood" })
      .returning();
    const [page] = await db()
      .insert(urlSources)
      .values({ userId: a.userId, url: "https://maplewood.example.org/news", title: "News", status: "extracted" })
      .returning();
    const school = `Lakeside ${crypto.randomUUID().slice(0, 6)}`;
    expect((await send("POST", "/api/schools", a.cookie, { name: school })).status).toBeLessThan(300);
    await deliver(a.address, rawMail({ to: a.address, from: "Prize Desk <prize@random.example.net>", text: PICTURE_DAY }), {
      from: "prize@random.example.net",
    });
    const held = (await db().select().from(messages).where(eq(messages.userId, a.userId))).find((m) => m.status === "held");
    expect(held).toBeDefined();
    return {
      a,
      member: b,
      removed: c,
      stranger,
      childId,
      event,
      messageId: message!.id,
      calendarId: calendar!.id,
      pageId: page!.id,
      school,
      heldId: held!.id,
    };
  }

  type Setting = Awaited<ReturnType<typeof setting>>;
  const lists: [string, (s: Setting) => string, (body: unknown) => unknown[]][] = [
    ["GET /api/events", () => "/api/events", (body) => (body as { events: EventView[] }).events],
    ["GET /api/watchlist", () => "/api/watchlist", (body) => (body as { watchlist: unknown[] }).watchlist],
    ["GET /api/addresses", () => "/api/addresses", (body) => (body as { addresses: unknown[] }).addresses],
    ["GET /api/senders", () => "/api/senders", (body) => (body as { senders: unknown[] }).senders],
    ["GET /api/user/profile children", () => "/api/user/profile", (body) => (body as { user: { children: unknown[] } }).user.children],
    ["GET /api/calendars", () => "/api/calendars", (body) => (body as { calendars: unknown[] }).calendars],
    ["GET /api/messages/held", () => "/api/messages/held", (body) => (body as { messages: unknown[] }).messages],
  ];
  const ones: [string, string, (s: Setting) => string, unknown?][] = [
    ["GET", "/api/messages/:id", (s) => `/api/messages/${s.messageId}`],
    ["POST", "/api/messages/:id/reset", (s) => `/api/messages/${s.messageId}/reset`],
    ["POST", "/api/events/:id/dislike", (s) => `/api/events/${s.event.id}/dislike`, { toggle: false }],
    ["POST", "/api/events/:id/like", (s) => `/api/events/${s.event.id}/like`, { toggle: false }],
    ["POST", "/api/events/:id/firstview", (s) => `/api/events/${s.event.id}/firstview`, { firstView: true }],
    ["PUT", "/api/events/:id/children", (s) => `/api/events/${s.event.id}/children`, { taggedPeople: [] }],
    ["PUT", "/api/child/:id", (s) => `/api/child/${s.childId}`, { firstName: "Renamed", grade: "kindergarten", avatarId: "dolphin" }],
    ["GET", "/api/urls/:id", (s) => `/api/urls/${s.pageId}`],
    ["POST", "/api/messages/:id/accept", (s) => `/api/messages/${s.heldId}/accept`, { follow: false }],
  ];

  it("answers lists with the family's rows to the member only", async () => {
    const s = await setting();
    for (const [name, path, rows] of lists) {
      const member = await call(path(s), { cookie: s.member.cookie });
      expect(rows(await member.json()).length, `${name} member`).toBeGreaterThan(0);
      for (const who of [s.removed, s.stranger]) {
        const answer = await call(path(s), { cookie: who.cookie });
        expect(answer.status, `${name} status`).toBe(200);
        expect(rows(await answer.json()), `${name} ${who === s.removed ? "removed member" : "stranger"}`).toEqual([]);
      }
    }
  });

  it("answers one row's routes to the member, 404 to the removed member and the stranger", async () => {
    const s = await setting();
    for (const [method, name, path, body] of ones) {
      for (const who of [s.removed, s.stranger]) {
        const answer = await send(method, path(s), who.cookie, body);
        expect(answer.status, `${method} ${name} ${who === s.removed ? "removed member" : "stranger"}`).toBe(404);
      }
      const member = await send(method, path(s), s.member.cookie, body);
      expect(member.status, `${method} ${name} member`).toBe(200);
    }
    // What only the family may delete, last.
    const deletions: [string, (s: Setting) => string, unknown?][] = [
      ["/api/child/:id", (x) => `/api/child/${x.childId}`],
      ["/api/calendars/:id", (x) => `/api/calendars/${x.calendarId}`],
      ["/api/watchlist", () => "/api/watchlist", { address: "office@maplewood.example.org" }],
    ];
    for (const [name, path, body] of deletions) {
      for (const who of [s.removed, s.stranger]) {
        expect((await send("DELETE", path(s), who.cookie, body)).status, `DELETE ${name} outsider`).toBe(404);
      }
      expect((await send("DELETE", path(s), s.member.cookie, body)).status, `DELETE ${name} member`).toBe(200);
    }
    for (const who of [s.removed, s.stranger]) {
      expect((await send("DELETE", `/api/family/members/${s.member.userId}`, who.cookie)).status).toBe(404);
    }
  });

  it("finds the family's own school for the member only", async () => {
    const s = await setting();
    const names = async (who: Parent) => {
      const answer = await send("POST", "/api/schools/search", who.cookie, { q: s.school });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { results: { name: string }[] }).results.map((r) => r.name);
    };
    expect(await names(s.member)).toContain(s.school);
    expect(await names(s.removed)).not.toContain(s.school);
    expect(await names(s.stranger)).not.toContain(s.school);
  });

  it("lets no one outside the family see its invitations or members", async () => {
    const s = await setting();
    const seenByRemoved = await familyOf(s.removed.cookie);
    const seenByStranger = await familyOf(s.stranger.cookie);
    for (const seen of [seenByRemoved, seenByStranger]) {
      expect(seen.members.map((m) => m.userId)).not.toContain(s.a.userId);
      expect(seen.invites).toEqual([]);
    }
  });
});

describe("signing up", () => {
  it("starts every new parent in a family of their own", async () => {
    const parent = await signIn();
    const own = await familyOf(parent.cookie);
    expect(own.members).toEqual([{ userId: parent.userId, email: parent.email, role: "owner" }]);
  });
});
