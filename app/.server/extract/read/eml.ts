/**
 * An RFC 822 message → SourceDocument. Runs in the Worker's email() handler,
 * so it must cope with whatever lands in the inbox: truncated multiparts, bad
 * base64, unknown charsets, missing Date or Message-ID. It reads what can be
 * read and throws only when nothing at all is readable.
 */
import PostalMime, { type Attachment, type Email } from "postal-mime";
import type { SourceAttachment, SourceDocument } from "../types";
import { cleanInlineText, htmlToText } from "./html-text";
import { pdfToText } from "./pdf";

type RawMessage = string | Uint8Array | ArrayBuffer;

function toBytes(content: Attachment["content"]): Uint8Array {
  if (typeof content === "string") return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function isPdf(a: Attachment): boolean {
  return a.mimeType === "application/pdf" || /\.pdf$/i.test(a.filename ?? "");
}

function isCalendar(a: Attachment): boolean {
  return (
    a.mimeType === "text/calendar" ||
    a.mimeType === "application/ics" ||
    /\.(?:ics|ical|ifb|vcs)$/i.test(a.filename ?? "")
  );
}

export interface EmlOptions {
  /**
   * "read" turns PDFs into text now (tools, tests); "keep" returns their bytes
   * unread, for the e-mail handler, which must stay fast whatever is attached.
   */
  pdfs?: "read" | "keep";
}

async function readAttachments(attachments: Attachment[], options: EmlOptions): Promise<SourceAttachment[]> {
  const read: SourceAttachment[] = [];
  for (const a of attachments) {
    try {
      if (isPdf(a) && options.pdfs === "keep") {
        read.push({ filename: a.filename ?? "attachment.pdf", contentType: "application/pdf", text: "", pdfBytes: toBytes(a.content) });
      } else if (isPdf(a)) {
        const text = await pdfToText(toBytes(a.content));
        if (text.trim()) read.push({ filename: a.filename ?? "attachment.pdf", contentType: "application/pdf", text });
      } else if (isCalendar(a)) {
        const text = typeof a.content === "string" ? a.content : new TextDecoder().decode(toBytes(a.content));
        if (/BEGIN:VCALENDAR/i.test(text)) {
          read.push({ filename: a.filename ?? "invite.ics", contentType: "text/calendar", text });
        }
      }
    } catch {
      // A damaged attachment must not cost the parent the message body.
    }
  }
  return read;
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function mailbox(from: Email["from"]): SourceDocument["from"] {
  if (!from) return null;
  if ("address" in from && from.address) return { name: from.name ?? "", address: from.address };
  if (from.group?.[0]) return { name: from.group[0].name ?? "", address: from.group[0].address };
  return null;
}

function asString(raw: RawMessage): string {
  if (typeof raw === "string") return raw;
  return new TextDecoder("utf-8", { fatal: false }).decode(raw instanceof Uint8Array ? raw : new Uint8Array(raw));
}

/**
 * Last resort when the MIME parser gives up: headers up to the first blank line,
 * the rest as text with MIME boundaries and part headers dropped.
 */
function readLoosely(raw: RawMessage): Email {
  const source = asString(raw).replace(/\r\n?/g, "\n");
  const split = source.indexOf("\n\n");
  const head = split >= 0 ? source.slice(0, split) : source;
  const body = split >= 0 ? source.slice(split + 2) : "";
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, "im").exec(head)?.[1]?.replace(/\n[ \t]+/g, " ").trim();
  const text = body
    .split("\n")
    .filter((l) => !/^--[^\s]+$/.test(l) && !/^Content-[\w-]+:/i.test(l))
    .join("\n")
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return {
    headers: [], headerLines: [], attachments: [],
    subject: header("Subject"), date: header("Date"), text,
    from: header("From") ? { name: "", address: header("From")!.replace(/^.*<|>.*$/g, "") } : undefined,
  };
}

export async function readEml(raw: RawMessage, options: EmlOptions = {}): Promise<SourceDocument> {
  let email: Email;
  try {
    email = await PostalMime.parse(raw);
  } catch {
    email = readLoosely(raw);
  }
  const html = email.html?.trim() ? email.html : null;
  let text = cleanInlineText(email.text ?? "").replace(/\r\n?/g, "\n");
  if (!text.trim() && html) text = htmlToText(html);
  const attachments = await readAttachments(email.attachments ?? [], options);
  const subject = cleanInlineText(email.subject ?? "").trim();
  if (!text.trim() && !html && attachments.length === 0 && !subject) {
    throw new Error("Unreadable e-mail: no subject, body or attachment could be read");
  }
  return {
    kind: "email",
    subject,
    from: mailbox(email.from),
    sentAt: parseDate(email.date),
    text,
    html,
    attachments,
  };
}
