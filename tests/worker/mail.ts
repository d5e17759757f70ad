/** Builds raw RFC 822 mail for tests, and hands it to the Worker's email() handler. */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "./entry";

export interface MailParts {
  to: string;
  from?: string;
  subject?: string;
  /** RFC 2822 date; omitted entirely when null. */
  date?: string | null;
  /** Omitted entirely when null. */
  messageId?: string | null;
  text?: string;
  html?: string;
  ics?: string;
}

export function rawMail(parts: MailParts): string {
  const boundary = `b-${crypto.randomUUID()}`;
  const headers = [
    `From: ${parts.from ?? "Ms. Rivera <rivera@maplewood.example.org>"}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject ?? "Class news"}`,
    ...(parts.date === null ? [] : [`Date: ${parts.date ?? "Mon, 23 Nov 2026 08:00:00 -0500"}`]),
    ...(parts.messageId === null ? [] : [`Message-ID: ${parts.messageId ?? `<${crypto.randomUUID()}@maplewood.example.org>`}`]),
    "MIME-Version: 1.0",
  ];
  const bodies: string[] = [];
  if (parts.text !== undefined) bodies.push(`Content-Type: text/plain; charset=utf-8\r\n\r\n${parts.text}`);
  if (parts.html !== undefined) bodies.push(`Content-Type: text/html; charset=utf-8\r\n\r\n${parts.html}`);
  if (parts.ics !== undefined) {
    bodies.push(`Content-Type: text/calendar; charset=utf-8; method=PUBLISH\r\nContent-Disposition: attachment; filename="event.ics"\r\n\r\n${parts.ics}`);
  }
  const body = bodies.map((b) => `--${boundary}\r\n${b}\r\n`).join("") + `--${boundary}--\r\n`;
  return [...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`, "", body].join("\r\n");
}

export interface Delivery {
  rejected: string[];
}

/**
 * The envelope sender of a mail the parent forwards: their own sign-in
 * address (Gmail's forwarding and a forward by hand both put it there).
 */
async function inboxOwner(to: string): Promise<string | null> {
  const row = await env.DB.prepare(
    "SELECT users.email AS email FROM forwarding_addresses JOIN users ON users.id = forwarding_addresses.user_id WHERE forwarding_addresses.address = ?",
  )
    .bind(to.trim().toLowerCase())
    .first<{ email: string }>();
  return row?.email ?? null;
}

/**
 * Delivers raw mail through the real email() handler, as Email Routing would.
 * By default the parent forwards it; `from` gives another envelope sender
 * (a stranger, a school mailing the Cubby address directly, Gmail).
 */
export async function deliver(
  to: string,
  raw: string | Uint8Array,
  envelope: { from?: string; workerEnv?: Env } = {},
): Promise<Delivery> {
  const bytes = (typeof raw === "string" ? new TextEncoder().encode(raw) : raw) as Uint8Array<ArrayBuffer>;
  const rejected: string[] = [];
  const messageId = new TextDecoder().decode(bytes).match(/^Message-ID:\s*(.+)$/im)?.[1]?.trim() ?? null;
  const message = {
    from: envelope.from ?? (await inboxOwner(to)) ?? "sender@example.org",
    to,
    headers: new Headers(messageId ? { "Message-ID": messageId } : {}),
    raw: new Response(bytes).body!,
    rawSize: bytes.byteLength,
    setReject: (reason: string) => rejected.push(reason),
    forward: async () => ({}) as EmailSendResult,
    reply: async () => ({}) as EmailSendResult,
  } as unknown as ForwardableEmailMessage;
  await worker.email(message, envelope.workerEnv ?? env, createExecutionContext());
  return { rejected };
}
