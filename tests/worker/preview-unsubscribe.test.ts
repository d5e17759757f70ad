/**
 * RFC 8058 one-click unsubscribe from the weekly preview: the mail carries
 * List-Unsubscribe (a link with a token for this parent and this copy) and
 * List-Unsubscribe-Post; the mail provider POSTs to it from its own servers,
 * with no session and no Cubby origin, so the token is the only credential.
 */
import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailOutbox, users } from "~/.server/db/schema";
import { fakeMail } from "~/.server/integrations/mail/fake-mail";
import { call, db, signIn } from "./helpers";

afterEach(() => fakeMail.reset());

const PARTNER = "partner@example.com";

async function premiumParentWithPartner() {
  const parent = await signIn();
  await db()
    .update(users)
    .set({ subscriptionStatus: "active", preferences: { weeklyPreview: true }, partnerEmail: PARTNER, partnerConfirmedAt: new Date() })
    .where(eq(users.id, parent.userId));
  return parent;
}

/** The weekly preview, sent now, and the mail each address got. */
async function sendPreview(cookie: string, userId: string) {
  expect((await call("/api/mail/weeklypreview", { cookie })).status).toBe(200);
  const rows = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, "weekly-preview")));
  return (to: string) => rows.filter((m) => m.to === to).at(-1)!;
}

function unsubscribeUrl(headers: Record<string, string>): URL {
  return new URL(headers["List-Unsubscribe"]!.match(/<(https?:[^>]+)>/)![1]!);
}

/** What a mail provider's one-click does: a POST from elsewhere, no cookie. */
function oneClick(url: URL) {
  return call(url.pathname + url.search, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
    body: "List-Unsubscribe=One-Click",
  });
}

async function saved(userId: string) {
  return (await db().query.users.findFirst({ where: eq(users.id, userId) }))!;
}

describe("List-Unsubscribe on the weekly preview", () => {
  it("carries the one-click headers, with a link of its own for each copy", async () => {
    const { cookie, userId, email } = await premiumParentWithPartner();
    const mailTo = await sendPreview(cookie, userId);
    const own = mailTo(email).headers;
    const partner = mailTo(PARTNER).headers;
    expect(own["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(partner["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const ownUrl = unsubscribeUrl(own);
    expect(ownUrl.pathname).toBe("/api/mail/unsubscribe");
    expect(ownUrl.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeUrl(partner).toString()).not.toBe(ownUrl.toString());
    // The body links to the same place, for mail clients without the button.
    expect(mailTo(email).text).toContain(ownUrl.toString());
  });

  it("one click turns the parent's weekly previews off, without a session", async () => {
    const { cookie, userId, email } = await premiumParentWithPartner();
    const url = unsubscribeUrl((await sendPreview(cookie, userId))(email).headers);
    const response = await oneClick(url);
    expect(response.status).toBe(200);
    expect((await saved(userId)).preferences.weeklyPreview).toBe(false);
    // The partner still gets theirs: only the parent's own copy was turned off.
    expect((await saved(userId)).partnerConfirmedAt).not.toBeNull();
    // Again is fine: still off.
    expect((await oneClick(url)).status).toBe(200);
  });

  it("one click from the partner's copy stops the partner's copy only", async () => {
    const { cookie, userId, email } = await premiumParentWithPartner();
    const url = unsubscribeUrl((await sendPreview(cookie, userId))(PARTNER).headers);
    expect((await oneClick(url)).status).toBe(200);
    const after = await saved(userId);
    expect(after.partnerConfirmedAt).toBeNull();
    expect(after.preferences.weeklyPreview).toBe(true);
    fakeMail.attempts.length = 0;
    await sendPreview(cookie, userId);
    expect(fakeMail.attempts.map((a) => a.to)).toEqual([email]);
  });

  it("a wrong token, or one for another parent or copy, changes nothing", async () => {
    const { cookie, userId, email } = await premiumParentWithPartner();
    const other = await premiumParentWithPartner();
    const own = unsubscribeUrl((await sendPreview(cookie, userId))(email).headers);
    const theirs = unsubscribeUrl((await sendPreview(other.cookie, other.userId))(other.email).headers);

    const forged = new URL(own);
    forged.searchParams.set("token", "A".repeat(43));
    const othersToken = new URL(own);
    othersToken.searchParams.set("token", theirs.searchParams.get("token")!);
    const ownTokenForPartnerCopy = new URL(own);
    ownTokenForPartnerCopy.searchParams.set("copy", "partner");
    const missing = new URL(own);
    missing.searchParams.delete("token");
    for (const url of [forged, othersToken, ownTokenForPartnerCopy, missing]) {
      expect((await oneClick(url)).status).toBe(400);
    }
    const after = await saved(userId);
    expect(after.preferences.weeklyPreview).toBe(true);
    expect(after.partnerConfirmedAt).not.toBeNull();
  });

  it("opening the link shows a button and changes nothing until it is pressed", async () => {
    const { cookie, userId, email } = await premiumParentWithPartner();
    const url = unsubscribeUrl((await sendPreview(cookie, userId))(email).headers);
    // Opened from webmail (another site); link scanners fetch it too, so a GET must not unsubscribe.
    const page = await call(url.pathname + url.search, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('method="post"');
    expect((await saved(userId)).preferences.weeklyPreview).toBe(true);
  });

  it("the exemption from the origin guard is this exact path, POST only", async () => {
    const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    for (const path of ["/api/mail/unsubscribe/", "/api/mail/unsubscribes", "/api/mail/weeklypreview"]) {
      expect((await call(path, { method: "POST", headers: crossSite, body: "" })).status).toBe(403);
    }
    expect((await call("/api/mail/unsubscribe", { method: "PUT", headers: crossSite, body: "" })).status).toBe(403);
  });
});
