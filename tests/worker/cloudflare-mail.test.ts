/**
 * ADR 036: mail goes out through Cloudflare Email Sending's binding, which keeps no
 * idempotency keys; Cubby keeps them, so ADR 019's promise holds: a retry of one logical send
 * mails no one twice, and a send that failed is sent on the next try.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { zonedInstant } from "~/lib/time-zone";
import { sentMailKeys, users } from "~/.server/db/schema";
import { chooseMail } from "~/.server/integrations/mail/choose";
import { purgeSentMailKeys, senderOf } from "~/.server/integrations/mail/cloudflare-mail";
import { sendWeeklyPreviews } from "~/.server/integrations/mail/weekly-preview";
import { db, signIn } from "./helpers";

const ZONE = "America/Chicago";
// Sunday, December 6 2026, after 6 pm in the parent's zone.
const SUNDAY_EVENING = zonedInstant("2026-12-06T18:15", ZONE);

/** The binding as the Worker has it, recording what it sent; addresses in `failing` fail. */
function emailBinding() {
  const sent: EmailMessageBuilder[] = [];
  const failing = new Set<string>();
  const binding = {
    async send(message: EmailMessageBuilder) {
      if (failing.has(String(message.to))) throw Object.assign(new Error("Email Sending is unavailable"), { code: "E_INTERNAL_SERVER_ERROR" });
      sent.push(message);
      return { messageId: `<${sent.length}@email.cloudflare.example>` };
    },
  } as unknown as SendEmail;
  const deployed = { ...env, INTEGRATIONS: "real", MAIL_FROM: "Cubby <hello@cubby.example>", MAIL: binding } as Env;
  return { sent, failing, env: deployed };
}

describe("mail through Cloudflare Email Sending", () => {
  it("is the sender of a deployment with the binding, from MAIL_FROM's name and address", async () => {
    const mail = emailBinding();
    const sender = chooseMail(mail.env, db())!;
    await sender.send({ userId: "someone", to: "parent@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi", kind: "family-invite", idempotencyKey: `invite/${crypto.randomUUID()}` });
    expect(mail.sent).toEqual([
      { from: { name: "Cubby", email: "hello@cubby.example" }, to: "parent@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" },
    ]);
    expect(senderOf("hello@cubby.example")).toBe("hello@cubby.example");
  });

  it("sends a half-sent week again without mailing anyone twice", async () => {
    const mail = emailBinding();
    const { userId, email } = await signIn();
    // This family's own partner: the run mails every family due that Sunday, and the worker's D1
    // holds other files' parents, some with a partner at partner@example.com.
    const partner = `partner.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await db()
      .update(users)
      .set({ timezone: ZONE, subscriptionStatus: "active", preferences: { weeklyPreview: true }, partnerEmail: partner, partnerConfirmedAt: new Date() })
      .where(eq(users.id, userId));
    // The parent's copy goes out, the partner's fails: the run is not recorded as done.
    mail.failing.add(partner);
    await sendWeeklyPreviews(db(), mail.env, SUNDAY_EVENING);
    expect(mail.sent.map((m) => m.to)).toContain(email);
    mail.failing.clear();
    await sendWeeklyPreviews(db(), mail.env, new Date(SUNDAY_EVENING.getTime() + 15 * 60_000));

    const mine = mail.sent.filter((m) => m.to === email || m.to === partner);
    expect(mine.map((m) => m.to).toSorted()).toEqual([email, partner].toSorted());
    // A third run, that Sunday: recorded as done, nothing more.
    await sendWeeklyPreviews(db(), mail.env, new Date(SUNDAY_EVENING.getTime() + 30 * 60_000));
    expect(mail.sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it("keeps a key a week", async () => {
    const key = `old/${crypto.randomUUID()}`;
    const fresh = `new/${crypto.randomUUID()}`;
    const now = new Date("2026-12-20T12:00:00Z");
    await db().insert(sentMailKeys).values([
      { idempotencyKey: key, claimedAt: new Date(now.getTime() - 8 * 86_400_000) },
      { idempotencyKey: fresh, claimedAt: new Date(now.getTime() - 6 * 86_400_000) },
    ]);
    await purgeSentMailKeys(db(), now);
    const left = await db().select().from(sentMailKeys);
    expect(left.map((k) => k.idempotencyKey)).toContain(fresh);
    expect(left.map((k) => k.idempotencyKey)).not.toContain(key);
  });
});
