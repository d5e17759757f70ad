/**
 * Issue 14: the weekly preview must not let a parent make Cubby mail anyone,
 * without limit: Premium only, a partner only once they confirm, 3 sends a day.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { zonedInstant } from "~/lib/time-zone";
import { mailOutbox, users } from "~/.server/db/schema";
import { sendWeeklyPreviews } from "~/.server/integrations/mail/weekly-preview";
import { env } from "cloudflare:workers";
import { call, db, send, signIn } from "./helpers";

async function premiumParent(values: Partial<typeof users.$inferInsert> = {}) {
  const parent = await signIn();
  await db().update(users).set({ subscriptionStatus: "active", ...values }).where(eq(users.id, parent.userId));
  return parent;
}

async function mails(userId: string, kind: string) {
  return db().select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
}

/** The confirmation link in the newest confirmation mail, as the partner's mail client shows it. */
async function confirmationLink(userId: string) {
  const [mail] = (await mails(userId, "partner-confirmation")).toSorted((a, b) => +b.createdAt - +a.createdAt);
  const href = mail!.text.match(/https?:\/\/\S+\/api\/partner\/confirm\?\S+/)![0];
  return new URL(href);
}

describe("weekly preview sends", () => {
  it("are Premium only: a Basic parent gets 403 and nothing is mailed", async () => {
    const { cookie, userId } = await signIn();
    const response = await call("/api/mail/weeklypreview", { cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Weekly previews are a Premium feature." });
    expect(await mails(userId, "weekly-preview")).toEqual([]);
  });

  it("go to the partner only once the partner has confirmed the address", async () => {
    const { cookie, userId, email } = await premiumParent();
    expect((await send("POST", "/api/user/partner", cookie, { partnerEmail: "Sam@Example.com" })).status).toBe(200);
    const [confirmation] = await mails(userId, "partner-confirmation");
    expect(confirmation!.to).toBe("sam@example.com");

    const before = await call("/api/mail/weeklypreview", { cookie });
    expect(await before.json()).toEqual({ success: true, sent: 1 });
    expect((await mails(userId, "weekly-preview")).map((m) => m.to)).toEqual([email]);

    // The partner opens the link from their webmail: another site, no Cubby session.
    const link = await confirmationLink(userId);
    const confirmed = await call(link.pathname + link.search, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Partner address confirmed");

    const after = await call("/api/mail/weeklypreview", { cookie });
    expect(await after.json()).toEqual({ success: true, sent: 2 });
    const profile = (await (await call("/api/user/profile", { cookie })).json()) as { user: { partnerConfirmed: boolean } };
    expect(profile.user.partnerConfirmed).toBe(true);
  });

  it("forget the confirmation when the partner address changes, and refuse a made-up link", async () => {
    const { cookie, userId } = await premiumParent();
    await send("POST", "/api/user/partner", cookie, { partnerEmail: "sam@example.com" });
    const link = await confirmationLink(userId);
    const forged = new URL(link);
    forged.searchParams.set("token", "not-the-token");
    expect((await call(forged.pathname + forged.search)).status).toBe(400);
    await call(link.pathname + link.search);

    await send("POST", "/api/user/partner", cookie, { partnerEmail: "someone.else@example.com" });
    expect((await call(link.pathname + link.search)).status).toBe(400);
    expect(await (await call("/api/mail/weeklypreview", { cookie })).json()).toEqual({ success: true, sent: 1 });
  });

  it("are limited to 3 a day per parent (429 beyond), confirmation mails included", async () => {
    const { cookie, userId } = await premiumParent();
    await send("POST", "/api/user/partner", cookie, { partnerEmail: "sam@example.com" });
    for (let i = 0; i < 2; i++) expect((await call("/api/mail/weeklypreview", { cookie })).status).toBe(200);
    const beyond = await call("/api/mail/weeklypreview", { cookie });
    expect(beyond.status).toBe(429);
    expect(await beyond.json()).toEqual({ error: "You can send 3 emails a day. Please try again tomorrow." });
    expect(await mails(userId, "weekly-preview")).toHaveLength(2);
  });

  it("from the Sunday cron skip a partner who has not confirmed", async () => {
    const parent = await premiumParent({
      timezone: "America/Chicago",
      preferences: { weeklyPreview: true },
      partnerEmail: "unconfirmed@example.com",
    });
    await sendWeeklyPreviews(db(), env, zonedInstant("2026-12-06T18:15", "America/Chicago"));
    expect((await mails(parent.userId, "weekly-preview")).map((m) => m.to)).toEqual([parent.email]);
  });
});
