import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/.server/db/schema";
import { fakeBilling } from "~/.server/integrations/billing/fake-billing";
import { fakeGoogle } from "~/.server/integrations/google/fake-google";
import { grantGoogle } from "./google-grant";
import { call, db, send, signIn } from "./helpers";

afterEach(() => {
  fakeBilling.reset();
  fakeGoogle.reset();
});

interface ProfileBody {
  user: {
    timezone: string | null;
    preferences: Record<string, unknown>;
    forwardingAddress: { id: string; address: string; active: boolean } | null;
    subscription: { subscriptionStatus: string | null; cancelAtPeriodEnd: boolean };
    children: unknown[];
  };
}

async function profileOf(cookie: string): Promise<ProfileBody["user"]> {
  return ((await (await call("/api/user/profile", { cookie })).json()) as ProfileBody).user;
}

describe("GET /api/user/profile", () => {
  it("answers 401 without a session", async () => {
    const response = await call("/api/user/profile");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Not signed in." });
  });

  it("answers the spec's profile fields for the signed-in parent", async () => {
    const { cookie, email } = await signIn();
    const user = await profileOf(cookie);
    expect(user).toMatchObject({
      email,
      timezone: null,
      emailProvider: null,
      calendarProvider: null,
      forwardingAddress: null,
      preferences: {},
      subscription: { subscriptionStatus: null, cancelAtPeriodEnd: false, currentPeriodEnd: null },
      children: [],
    });
  });
});

describe("POST /api/timezone", () => {
  it("saves the browser's zone only when the profile has none", async () => {
    const { cookie } = await signIn();
    expect((await send("POST", "/api/timezone", cookie, { timezone: "America/Regina" })).status).toBe(200);
    expect((await send("POST", "/api/timezone", cookie, { timezone: "Europe/Paris" })).status).toBe(200);
    expect((await profileOf(cookie)).timezone).toBe("America/Regina");
  });

  it("refuses something that is not a time zone", async () => {
    const { cookie } = await signIn();
    const response = await send("POST", "/api/timezone", cookie, { timezone: "Mars/Olympus_Mons" });
    expect(response.status).toBe(400);
    expect((await profileOf(cookie)).timezone).toBeNull();
  });
});

describe("POST /api/user/preferences", () => {
  it("merges changes into the saved preferences", async () => {
    const { cookie } = await signIn();
    await send("POST", "/api/user/preferences", cookie, { preferences: { tempUnits: "f" } });
    const response = await send("POST", "/api/user/preferences", cookie, {
      preferences: { firstViewTutorial: true, weeklyPreview: true },
    });
    expect(await response.json()).toEqual({
      preferences: { tempUnits: "f", firstViewTutorial: true, weeklyPreview: true },
    });
    expect((await profileOf(cookie)).preferences).toEqual({
      tempUnits: "f",
      firstViewTutorial: true,
      weeklyPreview: true,
    });
  });

  it.each([
    ["no preferences object", {}],
    ["an unknown preference", { preferences: { isAdmin: true } }],
    ["a wrong type", { preferences: { weeklyPreview: "yes" } }],
  ])("refuses %s with 400 and keeps what was saved", async (_label, body) => {
    const { cookie } = await signIn();
    await send("POST", "/api/user/preferences", cookie, { preferences: { distUnits: "m" } });
    const response = await send("POST", "/api/user/preferences", cookie, body);
    expect(response.status).toBe(400);
    expect((await profileOf(cookie)).preferences).toEqual({ distUnits: "m" });
  });

  it("refuses a body that is not JSON", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/user/preferences", {
      method: "POST",
      cookie,
      headers: { Origin: "http://localhost:5173", "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/user/username", () => {
  const claim = (cookie: string, username: unknown) =>
    send("POST", "/api/user/username", cookie, { username });

  it("gives the parent <username>@INBOUND_DOMAIN, stored lowercase, not yet active", async () => {
    const { cookie } = await signIn();
    const name = `Sam.Lee_${crypto.randomUUID().slice(0, 6)}`;
    const response = await claim(cookie, `  ${name} `);
    expect(response.status).toBe(200);
    const { forwardingAddress } = (await response.json()) as ProfileBody["user"] & {
      forwardingAddress: { id: string; address: string; active: boolean };
    };
    expect(forwardingAddress.address).toBe(`${name.toLowerCase()}@in.cubby.localhost`);
    expect(forwardingAddress.active).toBe(false);
    expect((await profileOf(cookie)).forwardingAddress).toEqual(forwardingAddress);
  });

  it.each([
    ["", "Please choose a username."],
    ["ab", "A username has 3 to 30 characters."],
    ["a".repeat(31), "A username has 3 to 30 characters."],
    ["9lives", "A username starts with a letter and uses only letters, digits, '.', '-' and '_'."],
    ["sam lee", "A username starts with a letter and uses only letters, digits, '.', '-' and '_'."],
    ["sam+kids", "A username starts with a letter and uses only letters, digits, '.', '-' and '_'."],
    ["postmaster", "That username is reserved. Please choose another."],
    ["Admin", "That username is reserved. Please choose another."],
  ])("refuses %j with 400", async (username, message) => {
    const { cookie } = await signIn();
    const response = await claim(cookie, username);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect((await profileOf(cookie)).forwardingAddress).toBeNull();
  });

  it("accepts exactly 3 and exactly 30 characters", async () => {
    const { cookie } = await signIn();
    const three = `z${crypto.randomUUID().slice(0, 2)}`.replace(/[^a-z0-9]/g, "x");
    expect((await claim(cookie, three)).status).toBe(200);
    const thirty = `z${crypto.randomUUID().replaceAll("-", "")}`.slice(0, 30);
    expect((await claim(cookie, thirty)).status).toBe(200);
  });

  it("answers 409 when another parent holds the name, case-insensitively", async () => {
    const first = await signIn();
    const second = await signIn();
    const name = `taken${crypto.randomUUID().slice(0, 6)}`;
    expect((await claim(first.cookie, name)).status).toBe(200);
    const response = await claim(second.cookie, name.toUpperCase());
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "That username is taken. Please choose another." });
    expect((await profileOf(second.cookie)).forwardingAddress).toBeNull();
  });

  it("lets a parent change their own name and keeps one address", async () => {
    const { cookie, userId } = await signIn();
    const a = `first${crypto.randomUUID().slice(0, 6)}`;
    const b = `second${crypto.randomUUID().slice(0, 6)}`;
    const one = (await (await claim(cookie, a)).json()) as { forwardingAddress: { id: string } };
    const two = (await (await claim(cookie, b)).json()) as { forwardingAddress: { id: string; address: string } };
    expect(two.forwardingAddress.id).toBe(one.forwardingAddress.id);
    expect(two.forwardingAddress.address.startsWith(`${b}@`)).toBe(true);
    const rows = await db().select().from(schema.forwardingAddresses).where(eq(schema.forwardingAddresses.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it("needs a session", async () => {
    const response = await call("/api/user/username", {
      method: "POST",
      headers: { Origin: "http://localhost:5173", "Content-Type": "application/json" },
      body: JSON.stringify({ username: "nobody" }),
    });
    expect(response.status).toBe(401);
  });
});

/** Gives a parent one row in every table that can hold their data. */
async function seedEverything(userId: string, tag: string) {
  const d = db();
  const [school] = await d
    .insert(schema.schools)
    .values({ name: `School ${tag}`, city: "Regina", stateProv: "SK", country: "CAN" })
    .returning();
  await d.insert(schema.googleTokens).values({ userId, accessToken: "sealed", scopes: "openid" });
  await d.insert(schema.forwardingAddresses).values({
    userId,
    username: `u${tag}`,
    address: `u${tag}@in.cubby.localhost`,
  });
  await d.insert(schema.children).values({
    userId,
    firstName: "Maya",
    grade: "grade 2",
    avatarId: "dolphin",
    schoolId: school!.id,
    teachers: ["mrs. alvarez"],
  });
  await d.insert(schema.watchlist).values({ userId, address: "school.example.org" });
  await d.insert(schema.senderAddresses).values({ userId, address: "coach@example.org", senderName: "Coach" });
  const [message] = await d
    .insert(schema.messages)
    .values({ userId, messageKey: `<${tag}@mail>`, subject: "Field trip", text: "Zoo on Friday" })
    .returning();
  const [attachment] = await d
    .insert(schema.attachments)
    .values({ userId, messageId: message!.id, contentType: "application/pdf", text: "Permission slip" })
    .returning();
  await d.insert(schema.pdfChunks).values({ userId, attachmentId: attachment!.id, seq: 0, base64: "JVBERi0=" });
  await d.insert(schema.urlSources).values({ userId, url: "https://school.example.org/calendar" });
  await d
    .insert(schema.events)
    .values({
      userId,
      eventName: "Zoo trip",
      start: "2026-12-04",
      dateTime: false,
      fingerprint: `zoo-${tag}`,
      mentionList: [{ sourceContentId: message!.id, sourceType: "email", sourceSender: "", sourceAddress: "", sourceDate: Date.now(), sourceURL: null }],
    });
  await d.insert(schema.pushTokens).values({ userId, token: `token-${tag}` });
  await d.insert(schema.calendarFeeds).values({ userId, token: `feed-${tag}` });
  await d.insert(schema.calendarLinks).values({ userId, url: `https://club.example.org/${tag}.ics`, name: "Soccer" });
  // "My school isn't listed": a school of the parent's own.
  await d.insert(schema.schools).values({ name: `Own School ${tag}`, ownerId: userId });
  return school!;
}

async function rowsPerTable(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(schema.userTables)) {
    const rows = await db().select().from(table).where(eq(table.userId, userId));
    counts[name] = rows.length;
  }
  counts.users = (await db().select().from(schema.users).where(eq(schema.users.id, userId))).length;
  counts.ownSchools = (await db().select().from(schema.schools).where(eq(schema.schools.ownerId, userId))).length;
  return counts;
}

const everyTableOnce = {
  users: 1,
  sessions: 1,
  googleTokens: 1,
  forwardingAddresses: 1,
  children: 1,
  watchlist: 1,
  senderAddresses: 1,
  messages: 1,
  attachments: 1,
  pdfChunks: 1,
  urlSources: 1,
  events: 1,
  pushTokens: 1,
  // The calendar feed's secret link is a setting, like the forwarding address: Delete Data keeps it (the feed empties).
  calendarFeeds: 1,
  calendarLinks: 1,
  ownSchools: 1,
};

describe("deleting data and the account", () => {
  it("Delete Data removes every data row of the parent and keeps the account", async () => {
    const parent = await signIn();
    const other = await signIn();
    await seedEverything(parent.userId, crypto.randomUUID().slice(0, 8));
    await seedEverything(other.userId, crypto.randomUUID().slice(0, 8));
    expect(await rowsPerTable(parent.userId)).toEqual(everyTableOnce);

    const response = await send("DELETE", "/api/data/delete", parent.cookie);
    expect(response.status).toBe(200);

    // The forwarding address and the calendar feed's link stay: a subscribed calendar empties out instead of breaking.
    expect(await rowsPerTable(parent.userId)).toEqual({
      ...everyTableOnce,
      children: 0,
      watchlist: 0,
      senderAddresses: 0,
      messages: 0,
      attachments: 0,
      pdfChunks: 0,
      urlSources: 0,
      events: 0,
      pushTokens: 0,
      calendarLinks: 0,
      ownSchools: 0,
    });
    // Still signed in, still the same parent.
    expect((await call("/api/user/profile", { cookie: parent.cookie })).status).toBe(200);
    // Nothing of anyone else's.
    expect(await rowsPerTable(other.userId)).toEqual(everyTableOnce);
  });

  it("Delete Account removes every row of the parent in every table, and nothing else", async () => {
    const parent = await signIn();
    const other = await signIn();
    const school = await seedEverything(parent.userId, crypto.randomUUID().slice(0, 8));
    await seedEverything(other.userId, crypto.randomUUID().slice(0, 8));

    const response = await send("DELETE", "/api/user/delete", parent.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toContain("Max-Age=0");

    const none = Object.fromEntries(Object.keys(everyTableOnce).map((k) => [k, 0]));
    expect(await rowsPerTable(parent.userId)).toEqual(none);
    expect(await rowsPerTable(other.userId)).toEqual(everyTableOnce);
    // The public school directory is not the parent's to delete.
    const stillThere = await db().query.schools.findFirst({ where: eq(schema.schools.id, school.id) });
    expect(stillThere).toBeDefined();
    expect((await call("/api/user/profile", { cookie: parent.cookie })).status).toBe(401);
  });

  it("both need a session", async () => {
    for (const path of ["/api/data/delete", "/api/user/delete"]) {
      const response = await call(path, { method: "DELETE", headers: { Origin: "http://localhost:5173" } });
      expect(response.status).toBe(401);
    }
  });
});

describe("Delete Account and the outside services", () => {
  async function premiumParent(status = "active") {
    const parent = await signIn();
    const subscriptionId = `sub_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
    await db()
      .update(schema.users)
      .set({ subscriptionStatus: status, billingCustomerId: `cus_${subscriptionId}`, billingSubscriptionId: subscriptionId })
      .where(eq(schema.users.id, parent.userId));
    const grant = await grantGoogle(parent.userId, "gcal");
    return { ...parent, subscriptionId, grant };
  }

  it("cancels the parent's subscription and revokes their Google grant", async () => {
    const parent = await premiumParent();
    const response = await send("DELETE", "/api/user/delete", parent.cookie);
    expect(response.status).toBe(200);
    expect(fakeBilling.cancelled).toContain(parent.subscriptionId);
    // Revoking the refresh token ends the whole grant at Google.
    expect(fakeGoogle.revokedByCubby).toEqual([parent.grant.refreshToken]);
    expect(await db().query.users.findFirst({ where: eq(schema.users.id, parent.userId) })).toBeUndefined();
  });

  it("leaves a subscription that already ended alone", async () => {
    const parent = await premiumParent("canceled");
    expect((await send("DELETE", "/api/user/delete", parent.cookie)).status).toBe(200);
    expect(fakeBilling.cancelled).toEqual(new Set());
  });

  it("deletes the account when Google cannot be reached, and logs no secret", async () => {
    const parent = await premiumParent();
    fakeGoogle.outage = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await send("DELETE", "/api/user/delete", parent.cookie);
    expect(response.status).toBe(200);
    expect(await db().query.users.findFirst({ where: eq(schema.users.id, parent.userId) })).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    const logged = JSON.stringify(warn.mock.calls.map((args) => args.map(String)));
    for (const secret of [parent.grant.refreshToken, parent.grant.accessToken]) expect(logged).not.toContain(secret);
  });

  it("keeps the account, and says so, when the subscription cannot be cancelled", async () => {
    const parent = await premiumParent();
    fakeBilling.outage = true;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await send("DELETE", "/api/user/delete", parent.cookie);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: "We could not cancel your Premium subscription, so your account was not deleted. Please try again later.",
    });
    expect(fakeGoogle.revokedByCubby).toEqual([]);
    expect((await call("/api/user/profile", { cookie: parent.cookie })).status).toBe(200);
  });
});
