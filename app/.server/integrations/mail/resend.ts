/**
 * The real MailSender: Resend's HTTP API (POST https://api.resend.com/emails,
 * Bearer API key, `{from, to[], subject, html, text, headers}` → `{id}`, and
 * an `Idempotency-Key` header: a second send with the same key within a day
 * answers the first one's id and sends nothing). Any provider with a similar
 * call fits behind the same interface.
 */
import { callService } from "../http";
import type { MailSender } from "./provider";

const RESEND_URL = "https://api.resend.com/emails";

export function resendMail(apiKey: string, from: string): MailSender {
  return {
    send({ to, subject, html, text, headers, idempotencyKey }) {
      return callService<{ id: string }>("Resend", RESEND_URL, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Idempotency-Key": idempotencyKey },
        body: { from, to: [to], subject, html, text, ...(headers ? { headers } : {}) },
      });
    },
  };
}
