/**
 * Gmail's forwarding-confirmation mail: the first thing a parent's Cubby address
 * receives when they set up forwarding in Gmail. It carries a code and a link
 * the /forward screens show; it is never read for events. Only mail that
 * really comes from Gmail's forwarding service counts: anyone can write the
 * subject, and a forged code or link on /forward would send the parent
 * somewhere else.
 */
import { authenticationVerdicts, mailbox, type Envelope } from "./sender-trust";

export interface ForwardingConfirmation {
  code: string | null;
  url: string | null;
}

const GMAIL_FORWARDING = "forwarding-noreply@google.com";
const SUBJECT = /Gmail Forwarding Confirmation/i;

/**
 * Gmail's forwarding service as the envelope sender and the From header, and
 * the receiving server's word that google.com signed it (Email Routing also
 * refuses mail failing google.com's reject policy before it reaches us).
 */
export function fromGmailForwarding(envelope: Envelope): boolean {
  if (mailbox(envelope.from) !== GMAIL_FORWARDING) return false;
  if (!envelope.headerFrom || mailbox(envelope.headerFrom) !== GMAIL_FORWARDING) return false;
  const verdicts = authenticationVerdicts(envelope.authenticationResults);
  const signedByGoogle = /\bdkim=pass\b[^;]*header\.(?:d=google\.com|i=@google\.com)\b/i.test(
    envelope.authenticationResults ?? "",
  );
  return verdicts.get("dmarc") === "pass" || signedByGoogle;
}

export function gmailForwardingConfirmation(
  envelope: Envelope,
  subject: string,
  text: string,
): ForwardingConfirmation | null {
  if (!fromGmailForwarding(envelope)) return null;
  if (!SUBJECT.test(subject) && !/forwarding/i.test(text)) return null;
  const code = subject.match(/\(#(\d{6,12})\)/)?.[1] ?? text.match(/Confirmation code:\s*(\d{6,12})/i)?.[1] ?? null;
  const url = text.match(/https:\/\/(?:mail-settings|mail)\.google\.com\/\S+/i)?.[0] ?? null;
  return code || url ? { code, url } : null;
}
