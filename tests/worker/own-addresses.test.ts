/**
 * Issue 31 item 2: a parent who forwards from another of their own mailboxes
 * (a work account) finds that mail under "From someone new" (ADR 016).
 * Accepting it asks whether the mailbox is theirs; yes makes it one of their
 * confirmed addresses: trusted from then on, and proof that forwarding works.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forwardingAddresses, ownAddresses } from "~/.server/db/schema";
import { isPersonalAddress } from "~/.server/ingest/sender-trust";
import { call, db, send } from "./helpers";
import { messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

const WORK = "maya.chen@northwind-logistics.example.com";
const SCHOOL = "Maple Grove Office <office@maplegrove.example.edu>";
const PICTURE_DAY = "Picture Day is Friday, December 4, 2026 at 9:00 a.m. in the gym.";
const BOOK_FAIR = "Book Fair is Wednesday, December 9, 2026 at 3:00 p.m. in the library.";

/** A school's mail, forwarded by hand from the parent's work account: From and envelope are that mailbox. */
function forwardedFromWork(to: string, text: string) {
  return rawMail({ to, from: `Maya Chen <${WORK}>`, subject: "Fwd: Class news", text });
}

async function forwardingActive(userId: string) {
  return (await db().query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, userId) }))!.active;
}

describe("a parent's other mailbox", () => {
  it("is asked about on accepting its forward; yes trusts it from then on and proves forwarding works", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, forwardedFromWork(parent.address, PICTURE_DAY), { from: WORK });
    const [held] = await messagesOf(parent.userId);
    expect(held!.status).toBe("held");
    expect(await forwardingActive(parent.userId)).toBe(false);

    const accepted = await send("POST", `/api/messages/${held!.id}/accept`, parent.cookie, { follow: false });
    expect(await accepted.json()).toMatchObject({ ok: true, ownAddress: WORK });
    await waitForEvents(parent.cookie);

    const claimed = await send("POST", `/api/messages/${held!.id}/own-address`, parent.cookie, {});
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toEqual({ ok: true, address: WORK });
    expect(await forwardingActive(parent.userId)).toBe(true);
    expect((await db().select().from(ownAddresses).where(eq(ownAddresses.userId, parent.userId))).map((row) => row.address)).toEqual([WORK]);

    // The next forward from it goes straight in.
    await deliver(parent.address, forwardedFromWork(parent.address, BOOK_FAIR), { from: WORK });
    expect((await waitForEvents(parent.cookie, 2)).map((event) => event.eventName).toSorted()).toEqual(["Book Fair", "Picture Day"]);
    expect((await messagesOf(parent.userId)).map((message) => message.status)).not.toContain("held");
  });

  it("is not asked about for a school's own mail, and cannot be claimed from a message that was not forwarded from it", async () => {
    const parent = await parentWithInbox();
    // A school mailing the Cubby address from its list server's bounce address.
    await deliver(parent.address, rawMail({ to: parent.address, from: SCHOOL, text: PICTURE_DAY }), { from: "bounces+8812@lists.maplegrove.example.edu" });
    const [held] = await messagesOf(parent.userId);
    const accepted = await send("POST", `/api/messages/${held!.id}/accept`, parent.cookie, { follow: false });
    expect(await accepted.json()).toMatchObject({ ok: true, ownAddress: null });
    expect((await send("POST", `/api/messages/${held!.id}/own-address`, parent.cookie, {})).status).toBe(404);
    expect(await forwardingActive(parent.userId)).toBe(false);
  });

  it("cannot be claimed from another family's message, nor before it is accepted", async () => {
    const parent = await parentWithInbox();
    const stranger = await parentWithInbox();
    await deliver(parent.address, forwardedFromWork(parent.address, PICTURE_DAY), { from: WORK });
    const [held] = await messagesOf(parent.userId);
    expect((await send("POST", `/api/messages/${held!.id}/own-address`, parent.cookie, {})).status).toBe(404);
    await send("POST", `/api/messages/${held!.id}/accept`, parent.cookie, { follow: false });
    expect((await send("POST", `/api/messages/${held!.id}/own-address`, stranger.cookie, {})).status).toBe(404);
    expect(await db().select().from(ownAddresses).where(eq(ownAddresses.userId, stranger.userId))).toEqual([]);
    expect((await call(`/api/messages/${held!.id}`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe("isPersonalAddress", () => {
  it("takes consumer mailboxes and forwards by hand, not list servers", () => {
    const school = { headerFrom: "office@maplegrove.example.edu", subject: "Class news" };
    expect(isPersonalAddress("maya.chen+caf_=x@gmail.com", school)).toBe(true);
    expect(isPersonalAddress("maya@outlook.co.uk", school)).toBe(true);
    expect(isPersonalAddress(WORK, { headerFrom: WORK, subject: "Fwd: Class news" })).toBe(true);
    // Someone writing to the Cubby address directly is not a forward.
    expect(isPersonalAddress("coach@riverside-swim.example.org", { headerFrom: "coach@riverside-swim.example.org", subject: "Practice moved" })).toBe(false);
    expect(isPersonalAddress("bounces+8812@lists.maplegrove.example.edu", school)).toBe(false);
    expect(isPersonalAddress("", { headerFrom: null, subject: "" })).toBe(false);
  });
});
