/**
 * Gmail's forwarding-confirmation mail: the first thing a parent's Cubby address
 * receives when they set up forwarding in Gmail. It carries a code and a link
 * the /forward screens show; it is never read for events.
 */
export interface ForwardingConfirmation {
  code: string | null;
  url: string | null;
}

const GMAIL_SENDER = /forwarding-noreply@google\.com/i;
const SUBJECT = /Gmail Forwarding Confirmation/i;

export function gmailForwardingConfirmation(
  fromAddress: string,
  subject: string,
  text: string,
): ForwardingConfirmation | null {
  if (!GMAIL_SENDER.test(fromAddress) && !SUBJECT.test(subject)) return null;
  if (!SUBJECT.test(subject) && !/forwarding/i.test(text)) return null;
  const code = subject.match(/\(#(\d{6,12})\)/)?.[1] ?? text.match(/Confirmation code:\s*(\d{6,12})/i)?.[1] ?? null;
  const url = text.match(/https:\/\/(?:mail-settings|mail)\.google\.com\/\S+/i)?.[0] ?? null;
  return code || url ? { code, url } : null;
}
