/** Sending e-mail on a parent's behalf (the weekly preview, the partner's confirmation): one message to one address. */
export interface OutgoingMail {
  /** The parent the mail is about; the local outbox keeps it with them. */
  userId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: "weekly-preview" | "partner-confirmation";
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
