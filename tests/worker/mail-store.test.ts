/**
 * Issue 32: mail as it arrived lives in R2 (ADR 035). D1 keeps the message's
 * metadata; the card, the queue job and Rescan read the body from R2; every way a
 * message leaves D1 takes its object with it, and nothing else's.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { rawMailKey } from "~/.server/ingest/mail-store";
import { db, send } from "./helpers";
import { eventsOf, messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

type Parent = Awaited<ReturnType<typeof parentWithInbox>>;

const FAIR = "Our Winter Fair is on Saturday, December 12, 2026 from 10:00 a.m. in the school hall.";

async function mailFair(parent: Parent, subject = "Winter Fair", envelopeFrom?: string): Promise<string> {
  const html = `<html><body><h1>${subject}</h1><p>${FAIR}</p></body></html>`;
  const { rejected } = await deliver(parent.address, rawMail({ to: parent.address, subject, text: FAIR, html }), { from: envelopeFrom });
  expect(rejected).toEqual([]);
  const stored = (await messagesOf(parent.userId)).find((m) => m.subject === subject);
  return stored!.id;
}

async function kept(messageId: string): Promise<boolean> {
  return (await env.MAIL_STORE.head(rawMailKey(messageId))) !== null;
}

async function premium(parent: Parent): Promise<void> {
  await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, parent.userId));
}

async function invited(from: Parent, to: Parent, bring: "mine" | "none"): Promise<void> {
  const sent = await send("POST", "/api/family/invites", from.cookie, { email: to.email });
  const { invite } = (await sent.json()) as { invite: { id: string } };
  expect((await send("POST", `/api/family/invites/${invite.id}/accept`, to.cookie, { bring })).status).toBe(200);
}

describe("a message's body in R2", () => {
  it("is the mail as it arrived; the card and a rescan read it from there", async () => {
    const parent = await parentWithInbox();
    const id = await mailFair(parent);
    await waitForEvents(parent.cookie);
    const [row] = await messagesOf(parent.userId);
    // D1 keeps what lists read; the body, as HTML and as text, is the object's.
    expect(row).toMatchObject({ html: null, text: null });
    expect(await (await env.MAIL_STORE.get(rawMailKey(id)))?.text()).toContain("<h1>Winter Fair</h1>");

    const card = (await (await send("GET", `/api/messages/${id}`, parent.cookie)).json()) as { html: string | null; text: string | null };
    expect(card.html).toContain("<h1>Winter Fair</h1>");
    expect(card.text).toContain(FAIR);

    const before = (await eventsOf(parent.cookie)).map((e) => e.eventName);
    expect((await send("POST", `/api/messages/${id}/reset`, parent.cookie)).status).toBe(200);
    await expect.poll(async () => (await messagesOf(parent.userId))[0]!.status).toBe("extracted");
    expect((await eventsOf(parent.cookie)).map((e) => e.eventName)).toEqual(before);
  });

  it("goes when held mail is discarded", async () => {
    const parent = await parentWithInbox();
    const id = await mailFair(parent, "Win a prize", "someone@random.example.net");
    expect(await kept(id)).toBe(true);
    expect((await send("DELETE", `/api/messages/${id}`, parent.cookie)).status).toBe(200);
    expect(await kept(id)).toBe(false);
  });

  it("goes with Delete Data, while another family's stays", async () => {
    const parent = await parentWithInbox();
    const other = await parentWithInbox();
    const mine = [await mailFair(parent), await mailFair(parent, "Spring Fair")];
    const theirs = await mailFair(other);
    expect((await send("DELETE", "/api/data/delete", parent.cookie)).status).toBe(200);
    expect(await Promise.all(mine.map(kept))).toEqual([false, false]);
    expect(await kept(theirs)).toBe(true);
  });

  it("goes with the account of a parent alone, and stays with the family an owner hands on", async () => {
    const alone = await parentWithInbox();
    const gone = await mailFair(alone);
    expect((await send("DELETE", "/api/user/delete", alone.cookie)).status).toBe(200);
    expect(await kept(gone)).toBe(false);

    const owner = await parentWithInbox();
    const partner = await parentWithInbox();
    await premium(owner);
    const family = await mailFair(owner);
    await invited(owner, partner, "none");
    expect((await send("DELETE", "/api/user/delete", owner.cookie)).status).toBe(200);
    expect(await kept(family)).toBe(true);
    const card = await send("GET", `/api/messages/${family}`, partner.cookie);
    expect(((await card.json()) as { html: string }).html).toContain("Winter Fair");
  });

  it("goes when a joining parent brings nothing, and comes along when they bring theirs", async () => {
    const owner = await parentWithInbox();
    await premium(owner);
    const clearing = await parentWithInbox();
    const dropped = await mailFair(clearing);
    await invited(owner, clearing, "none");
    expect(await kept(dropped)).toBe(false);

    const other = await parentWithInbox();
    await premium(other);
    const bringing = await parentWithInbox();
    const brought = await mailFair(bringing);
    await invited(other, bringing, "mine");
    expect(await kept(brought)).toBe(true);
  });
});
