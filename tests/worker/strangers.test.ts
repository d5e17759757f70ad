/**
 * A parent's Cubby address is a guessable username at a public domain. Mail
 * from the parent, their confirmed partner or a sender they follow goes
 * straight in; anyone else's waits under "From someone new" (ADR 016).
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forwardingAddresses, messages, users, watchlist } from "~/.server/db/schema";
import { MAX_HELD_MESSAGES } from "~/.server/ingest/held-mail";
import { NOT_DELIVERED } from "~/.server/ingest/inbound";
import { MAX_EVENTS_PER_SOURCE } from "~/.server/extract/normalise";
import { runIngestJob } from "~/.server/ingest/run-job";
import { call, db, send, signIn } from "./helpers";
import { eventsOf, messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

const STRANGER = "someone@random.example.net";
const PICTURE_DAY = "Picture Day is Friday, December 4, 2026 at 9:00 a.m. in the gym.";

interface Held {
  _id: string;
  subject: string;
  senderInfo: { sender: string; address: string };
}

async function heldOf(cookie: string): Promise<Held[]> {
  const response = await call("/api/messages/held", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Held[] }).messages;
}

function strangerMail(to: string, subject = "Win a prize", text = PICTURE_DAY) {
  return rawMail({ to, from: `Prize Desk <${STRANGER}>`, subject, text });
}

describe("mail from someone new", () => {
  it("waits under From someone new: not read, not in the feed, not suggested, forwarding not confirmed by it", async () => {
    const parent = await parentWithInbox();
    const { rejected } = await deliver(parent.address, strangerMail(parent.address), { from: STRANGER });
    expect(rejected).toEqual([]);

    const [stored] = await messagesOf(parent.userId);
    expect(stored!.status).toBe("held");
    const held = await heldOf(parent.cookie);
    expect(held).toEqual([
      expect.objectContaining({ subject: "Win a prize", senderInfo: { sender: "Prize Desk", address: STRANGER } }),
    ]);
    expect(await eventsOf(parent.cookie)).toEqual([]);
    const addresses = (await (await call("/api/addresses", { cookie: parent.cookie })).json()) as { addresses: { address: string }[] };
    expect(addresses.addresses.map((a) => a.address)).not.toContain(STRANGER);
    const inbox = await db().query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, parent.userId) });
    expect(inbox!.active).toBe(false);
    // A rescan cannot read it before the parent accepts it.
    expect((await send("POST", `/api/messages/${held[0]!._id}/reset`, parent.cookie)).status).toBe(409);
  });

  it("is read once the parent accepts it, and with follow the sender goes straight in from then on", async () => {
    const parent = await parentWithInbox();
    await deliver(parent.address, strangerMail(parent.address, "Picture Day"), { from: STRANGER });
    const [held] = await heldOf(parent.cookie);

    const accepted = await send("POST", `/api/messages/${held!._id}/accept`, parent.cookie, { follow: true });
    expect(await accepted.json()).toEqual({ ok: true, queued: true, ownAddress: null });
    const found = await waitForEvents(parent.cookie);
    expect(found.map((e) => e.eventName.toLowerCase())).toEqual([expect.stringContaining("picture day")]);
    expect(await heldOf(parent.cookie)).toEqual([]);
    const followed = await db().select().from(watchlist).where(eq(watchlist.userId, parent.userId));
    expect(followed.map((f) => f.address)).toEqual([STRANGER]);
    // Accepting twice reads it once.
    expect((await send("POST", `/api/messages/${held!._id}/accept`, parent.cookie, {})).status).toBe(404);

    // The followed sender's next mail arrives from its bounce address but names itself in From.
    await deliver(parent.address, strangerMail(parent.address, "Next week"), { from: "bounces+123@mailer.example.com" });
    const next = (await messagesOf(parent.userId)).find((m) => m.subject === "Next week");
    expect(next!.status).not.toBe("held");
  });

  it("is gone once discarded, and another parent can neither see, accept nor discard it", async () => {
    const parent = await parentWithInbox();
    const other = await signIn();
    await deliver(parent.address, strangerMail(parent.address), { from: STRANGER });
    const [held] = await heldOf(parent.cookie);

    expect(await heldOf(other.cookie)).toEqual([]);
    expect((await send("POST", `/api/messages/${held!._id}/accept`, other.cookie, {})).status).toBe(404);
    expect((await send("DELETE", `/api/messages/${held!._id}`, other.cookie)).status).toBe(404);

    expect((await send("DELETE", `/api/messages/${held!._id}`, parent.cookie)).status).toBe(200);
    expect(await heldOf(parent.cookie)).toEqual([]);
    expect(await messagesOf(parent.userId)).toEqual([]);
  });

  it("does not count toward the Basic month: five of the parent's own mails are still read", async () => {
    const parent = await parentWithInbox();
    for (let i = 0; i < 3; i++) {
      await deliver(parent.address, strangerMail(parent.address, `Spam ${i}`), { from: STRANGER });
    }
    for (let i = 0; i < 5; i++) {
      await deliver(parent.address, rawMail({ to: parent.address, subject: `Note ${i}`, text: "Hello" }));
    }
    const stored = await messagesOf(parent.userId);
    expect(stored.filter((m) => m.status === "held")).toHaveLength(3);
    expect(stored.filter((m) => m.status === "limited")).toHaveLength(0);
  });

  it(`keeps only the newest ${MAX_HELD_MESSAGES} waiting`, async () => {
    const parent = await parentWithInbox();
    for (let i = 0; i < MAX_HELD_MESSAGES + 3; i++) {
      await deliver(parent.address, strangerMail(parent.address, `Spam ${i}`), { from: STRANGER });
    }
    const held = await heldOf(parent.cookie);
    expect(held).toHaveLength(MAX_HELD_MESSAGES);
    expect(held.map((m) => m.subject)).not.toContain("Spam 0");
    expect(await messagesOf(parent.userId)).toHaveLength(MAX_HELD_MESSAGES);
  });
});

describe("whose mail goes straight in", () => {
  it("the parent's, also through Gmail's auto-forwarding envelope (dots and +caf_ tag)", async () => {
    const email = `first.last.${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const parent = await parentWithInbox(email);
    const gmailEnvelope = `${email.split("@")[0]!.replaceAll(".", "")}+caf_=${parent.address.replace("@", "=")}@gmail.com`;
    await deliver(parent.address, rawMail({ to: parent.address, subject: "Fwd", text: PICTURE_DAY }), { from: gmailEnvelope });
    expect((await messagesOf(parent.userId))[0]!.status).not.toBe("held");
  });

  it("a confirmed partner's, not an unconfirmed one's", async () => {
    const parent = await parentWithInbox();
    const partner = "sam@partner.example.org";
    await db().update(users).set({ partnerEmail: partner }).where(eq(users.id, parent.userId));
    await deliver(parent.address, rawMail({ to: parent.address, subject: "Before", text: "Hello" }), { from: partner });
    await db().update(users).set({ partnerConfirmedAt: new Date() }).where(eq(users.id, parent.userId));
    await deliver(parent.address, rawMail({ to: parent.address, subject: "After", text: "Hello" }), { from: partner });
    const stored = await messagesOf(parent.userId);
    expect(stored.find((m) => m.subject === "Before")!.status).toBe("held");
    expect(stored.find((m) => m.subject === "After")!.status).not.toBe("held");
  });

  it("not mail whose sender the receiving server found forged, even in the parent's name", async () => {
    const parent = await parentWithInbox();
    const forged = `Authentication-Results: mx.cloudflare.net; spf=fail smtp.mailfrom=${parent.email}; dmarc=fail\r\n${rawMail({ to: parent.address, text: "Hello" })}`;
    await deliver(parent.address, forged);
    expect((await messagesOf(parent.userId))[0]!.status).toBe("held");
  });
});

describe("limits a sender cannot get round", () => {
  it(`adds at most ${MAX_EVENTS_PER_SOURCE} events from one message (ADR 013)`, async () => {
    const parent = await parentWithInbox();
    await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, parent.userId));
    const lines = Array.from({ length: 400 }, (_, i) => {
      const day = new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return `Practice ${i + 1}: ${day}`;
    });
    await deliver(parent.address, rawMail({ to: parent.address, subject: "Season", text: lines.join("\n") }));
    const [message] = await messagesOf(parent.userId);
    await runIngestJob({ kind: "message", userId: parent.userId, messageId: message!.id }, env, 1);
    const found = await eventsOf(parent.cookie);
    expect(found.length).toBe(MAX_EVENTS_PER_SOURCE);
  });

  it("Basic: Delete Data does not give the month's reads back, and Rescan does not read a parked mail", async () => {
    const parent = await parentWithInbox();
    for (let i = 0; i < 5; i++) await deliver(parent.address, rawMail({ to: parent.address, subject: `Note ${i}`, text: "Hello" }));
    expect((await send("DELETE", "/api/data/delete", parent.cookie)).status).toBe(200);
    await deliver(parent.address, rawMail({ to: parent.address, subject: "Sixth", text: "Hello" }));
    const [sixth] = await messagesOf(parent.userId);
    expect(sixth!.status).toBe("limited");

    const rescan = await send("POST", `/api/messages/${sixth!.id}/reset`, parent.cookie);
    expect(await rescan.json()).toEqual({ ok: true, queued: false });
    const [still] = await db().select().from(messages).where(and(eq(messages.id, sixth!.id), eq(messages.userId, parent.userId)));
    expect(still!.status).toBe("limited");

    // Upgraded, the same Rescan reads it.
    await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, parent.userId));
    expect(await (await send("POST", `/api/messages/${sixth!.id}/reset`, parent.cookie)).json()).toEqual({ ok: true, queued: true });
  });
});

describe("what a bounce tells a stranger", () => {
  it("the same words for an address nobody has and for one given up, naming neither", async () => {
    const parent = await parentWithInbox();
    const fresh = `n${crypto.randomUUID().slice(0, 8)}`;
    expect((await send("POST", "/api/user/username", parent.cookie, { username: fresh })).status).toBe(200);
    const nobody = await deliver("nobody-here@in.cubby.localhost", strangerMail("nobody-here@in.cubby.localhost"), { from: STRANGER });
    const givenUp = await deliver(parent.address, strangerMail(parent.address), { from: STRANGER });
    expect(nobody.rejected).toEqual([NOT_DELIVERED]);
    expect(givenUp.rejected).toEqual([NOT_DELIVERED]);
    expect(NOT_DELIVERED).not.toMatch(/inbox|nobody|in\.cubby/i);
  });
});

describe("Gmail's forwarding confirmation", () => {
  const confirmation = (to: string, code: string, link: string) =>
    rawMail({
      to,
      from: "Gmail Team <forwarding-noreply@google.com>",
      subject: `(#${code}) Gmail Forwarding Confirmation - Receive Mail from parent@gmail.com`,
      text: `parent@gmail.com has requested to automatically forward mail to your email address.\nConfirmation code: ${code}\nTo allow forwarding, click the link below:\n${link}`,
    });
  const signed = "Authentication-Results: mx.cloudflare.net; dkim=pass header.d=google.com header.s=20230601; spf=pass smtp.mailfrom=google.com; dmarc=pass header.from=google.com\r\n";

  it("is trusted only from Gmail's forwarding service, signed by google.com", async () => {
    const parent = await parentWithInbox();
    const inbox = () => db().query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, parent.userId) });

    // Anyone can write the subject: from another envelope, or unsigned, it is just mail from someone new.
    await deliver(parent.address, confirmation(parent.address, "666666666", "https://mail.google.com/evil"), { from: STRANGER });
    await deliver(parent.address, confirmation(parent.address, "777777777", "https://mail.google.com/evil"), {
      from: "forwarding-noreply@google.com",
    });
    expect(await inbox()).toMatchObject({ confirmationCode: null, confirmationUrl: null, active: false });

    await deliver(parent.address, signed + confirmation(parent.address, "123456789", "https://mail-settings.google.com/mail/vf-abc"), {
      from: "forwarding-noreply@google.com",
    });
    expect(await inbox()).toMatchObject({
      confirmationCode: "123456789",
      confirmationUrl: "https://mail-settings.google.com/mail/vf-abc",
      active: true,
    });
  });
});

describe("usernames given up", () => {
  it("are held for the parent who gave them up: nobody else can claim them, and mail to them is refused", async () => {
    const first = await parentWithInbox();
    const old = first.address.split("@")[0]!;
    await send("POST", "/api/user/username", first.cookie, { username: `r${crypto.randomUUID().slice(0, 8)}` });

    const other = await signIn();
    const claim = await send("POST", "/api/user/username", other.cookie, { username: old });
    expect(claim.status).toBe(409);
    expect((await deliver(first.address, rawMail({ to: first.address, text: "Hello" }), { from: STRANGER })).rejected).toEqual([NOT_DELIVERED]);

    // The parent who gave it up may take it back.
    expect((await send("POST", "/api/user/username", first.cookie, { username: old })).status).toBe(200);
  });

  it("stay held after the account is deleted", async () => {
    const first = await parentWithInbox();
    const old = first.address.split("@")[0]!;
    expect((await send("DELETE", "/api/user/delete", first.cookie)).status).toBe(200);
    const other = await signIn();
    expect((await send("POST", "/api/user/username", other.cookie, { username: old })).status).toBe(409);
  });
});
