/**
 * The local MailSender: every mail lands in the `mail_outbox` table of the
 * local D1 instead of anyone's inbox (read it with
 * `wrangler d1 execute DB --local --command "select * from mail_outbox"`).
 * Like Resend it keeps one mail per Idempotency-Key: the same key again
 * answers the first mail's id, and with a different mail it is refused (409).
 * `fakeMail` lets tests fail every send (outage) or some addresses, and keeps
 * every attempt in the isolate.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { ServiceRefused, ServiceUnavailable } from "../http";
import type { MailSender, OutgoingMail } from "./provider";

export const fakeMail = {
  outage: false,
  /** Addresses the provider fails to send to, as during a partial outage. */
  unreachable: new Set<string>(),
  /** Every send asked for, sent or not, in order. */
  attempts: [] as OutgoingMail[],

  reset() {
    this.outage = false;
    this.unreachable.clear();
    this.attempts = [];
  },
};

export function fakeMailSender(db: Db): MailSender {
  return {
    async send(mail) {
      fakeMail.attempts.push(mail);
      if (fakeMail.outage || fakeMail.unreachable.has(mail.to)) throw new ServiceUnavailable("Mail", 503);
      const { headers = {}, ...rest } = mail;
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...rest, headers })
        .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
        .returning({ id: mailOutbox.id });
      if (row) return { id: row.id };
      const first = await db.query.mailOutbox.findFirst({ where: eq(mailOutbox.idempotencyKey, mail.idempotencyKey) });
      if (!first || first.to !== mail.to || first.subject !== mail.subject || first.text !== mail.text) {
        throw new ServiceRefused("Mail", 409, { name: "invalid_idempotent_request" });
      }
      return { id: first.id };
    },
  };
}

/** The newest mail the local outbox holds for the parent (development's outbox page). */
export async function latestOutboxMail(db: Db, userId: string) {
  return db.query.mailOutbox.findFirst({
    where: eq(mailOutbox.userId, userId),
    orderBy: [desc(mailOutbox.createdAt)],
  });
}
