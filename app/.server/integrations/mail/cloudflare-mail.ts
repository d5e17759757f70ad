/**
 * The real MailSender (ADR 036): Cloudflare Email Sending through the Worker's `send_email`
 * binding, `{from, to, subject, html, text, headers}` → `{messageId}`, at $0.35 per 1,000
 * mails against Resend's $0.90. The binding keeps no idempotency keys, so this sender keeps
 * them: a key is claimed in the directory before its send and let go when the send fails.
 * A retry of one logical send (ADR 019) finds the key and sends nothing; a Worker stopped
 * between the claim and the send loses that one mail rather than sending it twice.
 */
import { eq, lte } from "drizzle-orm";
import { bareAddress } from "~/lib/app-address";
import type { Db } from "../../db/client";
import { sentMailKeys } from "../../db/schema";
import { ServiceUnavailable } from "../http";
import type { MailSender } from "./provider";

/** How long a key is kept: retries come within the hour (the cron's next runs). */
const KEY_DAYS = 7;

/** "Cubby <hello@cubby.app>" as the binding takes a sender: a name and an address. */
export function senderOf(mailFrom: string): string | EmailAddress {
  const email = bareAddress(mailFrom) ?? mailFrom.trim();
  const name = mailFrom.includes("<") ? mailFrom.slice(0, mailFrom.indexOf("<")).trim().replace(/^"(.*)"$/, "$1") : "";
  return name ? { name, email } : email;
}

export function cloudflareMail(binding: SendEmail, mailFrom: string, directory: Db): MailSender {
  const from = senderOf(mailFrom);
  return {
    async send({ to, subject, html, text, headers, idempotencyKey }) {
      const [claimed] = await directory
        .insert(sentMailKeys)
        .values({ idempotencyKey })
        .onConflictDoNothing()
        .returning({ key: sentMailKeys.idempotencyKey });
      // Sent already (or being sent by a run that overlaps this one): never twice.
      if (!claimed) return { id: idempotencyKey };
      try {
        const { messageId } = await binding.send({ from, to, subject, html, text, ...(headers ? { headers } : {}) });
        return { id: messageId };
      } catch (error) {
        // Not sent: the key goes, so the next run's retry sends it. Callers treat every
        // failure alike (the cron tries again in 15 minutes), so the binding's codes are not sorted.
        await directory.delete(sentMailKeys).where(eq(sentMailKeys.idempotencyKey, idempotencyKey));
        throw new ServiceUnavailable("Mail", null, { cause: error });
      }
    },
  };
}

/** Keys older than a week are no longer needed to spot a retry. */
export async function purgeSentMailKeys(directory: Db, now: Date): Promise<void> {
  await directory.delete(sentMailKeys).where(lte(sentMailKeys.claimedAt, new Date(now.getTime() - KEY_DAYS * 86_400_000)));
}
