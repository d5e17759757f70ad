/** Sending e-mail on a parent's behalf (the weekly preview, the partner's confirmation): one message to one address. */
export interface OutgoingMail {
  /** The parent the mail is about; the local outbox keeps it with them. */
  userId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: "weekly-preview" | "partner-confirmation" | "family-invite";
  /**
   * The same for every attempt at one logical send (the provider keeps one
   * mail per key for a day), so a retry after a half-finished run or a lost
   * answer does not mail anyone twice. Never holds a secret.
   */
  idempotencyKey: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
