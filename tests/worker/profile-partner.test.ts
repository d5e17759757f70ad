import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, forwardingAddresses } from "~/.server/db/schema";
import { call, db, send, signIn } from "./helpers";

interface ProfileAnswer {
  user: {
    partnerEmail: string | null;
    eventsThisMonth: number;
    forwardingAddress: { address: string; active: boolean } | null;
    forwardingConfirmation: { code: string | null; url: string | null } | null;
    children: unknown[];
  };
}

async function profileOf(cookie: string) {
  return ((await (await call("/api/user/profile", { cookie })).json()) as ProfileAnswer).user;
}

describe("POST /api/user/partner", () => {
  it("saves the Parenting Partner address in lowercase, and clears it with null or an empty string", async () => {
    const { cookie } = await signIn();
    const saved = await send("POST", "/api/user/partner", cookie, { partnerEmail: "Sam@Example.com" });
    expect(await saved.json()).toEqual({ partnerEmail: "sam@example.com" });
    expect((await profileOf(cookie)).partnerEmail).toBe("sam@example.com");
    expect(await (await send("POST", "/api/user/partner", cookie, { partnerEmail: "" })).json()).toEqual({ partnerEmail: null });
    await send("POST", "/api/user/partner", cookie, { partnerEmail: "sam@example.com" });
    await send("POST", "/api/user/partner", cookie, { partnerEmail: null });
    expect((await profileOf(cookie)).partnerEmail).toBeNull();
  });

  it.each([
    ["not an address", { partnerEmail: "sam at home" }],
    ["a missing field", {}],
    ["an extra field", { partnerEmail: "sam@example.com", userId: "x" }],
  ])("refuses %s with 400 and keeps what was saved", async (_label, body) => {
    const { cookie } = await signIn();
    await send("POST", "/api/user/partner", cookie, { partnerEmail: "sam@example.com" });
    const response = await send("POST", "/api/user/partner", cookie, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Please enter a valid email address." });
    expect((await profileOf(cookie)).partnerEmail).toBe("sam@example.com");
  });

  it("changes only the signed-in parent's profile", async () => {
    const owner = await signIn();
    const other = await signIn();
    await send("POST", "/api/user/partner", owner.cookie, { partnerEmail: "sam@example.com" });
    await send("POST", "/api/user/partner", other.cookie, { partnerEmail: null });
    expect((await profileOf(owner.cookie)).partnerEmail).toBe("sam@example.com");
    expect((await profileOf(other.cookie)).partnerEmail).toBeNull();
  });
});

describe("the profile's forwarding confirmation and monthly count", () => {
  it("shows Gmail's confirmation code and link once the mail has arrived", async () => {
    const { cookie, userId } = await signIn();
    await send("POST", "/api/user/username", cookie, { username: `fwd${crypto.randomUUID().slice(0, 8)}` });
    expect((await profileOf(cookie)).forwardingConfirmation).toBeNull();
    await db()
      .update(forwardingAddresses)
      .set({ confirmationCode: "123456789", confirmationUrl: "https://mail-settings.google.com/mail/vf-abc" })
      .where(eq(forwardingAddresses.userId, userId));
    expect((await profileOf(cookie)).forwardingConfirmation).toEqual({
      code: "123456789",
      url: "https://mail-settings.google.com/mail/vf-abc",
    });
  });

  it("counts this month's events for 'minutes saved', the parent's own only", async () => {
    const owner = await signIn();
    const other = await signIn();
    const event = { eventName: "Picture Day", start: "2026-12-01", dateTime: false, fingerprint: "picture-day" };
    await db()
      .insert(events)
      .values([
        { ...event, userId: owner.userId },
        { ...event, userId: owner.userId, fingerprint: "old", createdAt: new Date(Date.UTC(2020, 0, 5)) },
      ]);
    expect((await profileOf(owner.cookie)).eventsThisMonth).toBe(1);
    expect((await profileOf(other.cookie)).eventsThisMonth).toBe(0);
  });

  it("never shows one parent another's children", async () => {
    const owner = await signIn();
    await send("POST", "/api/child", owner.cookie, { firstName: "Maya", grade: "grade 1", avatarId: "eagle" });
    const other = await signIn();
    expect((await profileOf(other.cookie)).children).toEqual([]);
  });
});
