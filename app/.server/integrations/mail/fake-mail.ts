/**
 * The local MailSender: every mail lands in the `mail_outbox` table of the
 * local D1 instead of anyone's inbox (read it with
 * `wrangler d1 execute DB --local --command "select * from mail_outbox"`).
 * `fakeMail.outage` makes it fail as a provider outage would.
 */
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { ServiceUnavailable } from "../http";
import type { MailSender } from "./provider";

export const fakeMail = { outage: false };

export function fakeMailSender(db: Db): MailSender {
  return {
    async send(mail) {
      if (fakeMail.outage) throw new ServiceUnavailable("Mail", 503);
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return { id: row!.id };
    },
  };
}

/** The newest mail the local outbox holds for the parent (development's outbox page). */
export async function latestOutboxMail(db: Db, userId: string) {
  return db.query.mailOutbox.findFirst({
    where: (t, { eq }) => eq(t.userId, userId),
    orderBy: (t, { desc }) => [desc(t.createdAt)],
  });
}
