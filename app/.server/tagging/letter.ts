/**
 * The parts of a mail that speak for the whole mail: who wrote it (the sender,
 * and the original sender of a forward or the quoted message of a reply), and
 * its greeting and signature lines. A teacher or school named there concerns
 * every event in the mail; one named in the middle of a newsletter concerns
 * only the item it sits in.
 */
import type { SourceDocument } from "../extract/types";

export interface Writer {
  name: string;
  address: string;
}

const HEADER_FROM = /^[\s>]*(?:\*\s*)?(?:from|de|von|expediteur|expéditeur)\s*:\s*\**\s*(.+)$/i;
const WROTE = /^[\s>]*(?:on|le)\s.+?[,\s]((?:[^,<>]+?)?)\s*<?([^\s<>@]+@[^\s<>]+?)>?\s+(?:wrote|a écrit)\s*:/i;
const FORWARD_HEADER = /^[\s>]*(?:from|de|sent|date|to|à|cc|subject|objet|envoyé)\s*:/i;

/** "Mr. Patel <apatel@x.org>", "Mr. Patel [mailto:apatel@x.org]", "apatel@x.org" → a writer. */
export function parseWriter(value: string): Writer | null {
  const address = /[\w.+'-]+@[\w-]+(?:\.[\w-]+)+/.exec(value)?.[0] ?? "";
  const name = value
    .replace(/<[^>]*>|\[mailto:[^\]]*\]|\([^)]*@[^)]*\)/gi, " ")
    .replace(address, " ")
    .replace(/["*]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return name || address ? { name, address } : null;
}

/** The sender, then whoever wrote the forwarded or quoted messages in the body. */
export function writers(document: Pick<SourceDocument, "from" | "text">): Writer[] {
  const found: Writer[] = document.from ? [document.from] : [];
  for (const line of document.text.split("\n")) {
    const header = HEADER_FROM.exec(line);
    const wrote = header ? null : WROTE.exec(line);
    const writer = header ? parseWriter(header[1]!) : wrote ? { name: wrote[1]?.trim() ?? "", address: wrote[2]! } : null;
    if (writer) found.push(writer);
  }
  return found;
}

const GREETING = /^(?:dear|hello|hi|hey|good (?:morning|afternoon|evening)|greetings|attention|bonjour|chers|cheres|to)\b/i;
const CLOSING = /^(?:thank(?:s| you)|many thanks|regards|kind regards|best|sincerely|cheers|warmly|see you|take care|merci|cordialement|--)\b/i;

/** The greeting, and a letterhead first line with no dates in it ("Maplewood Elementary Newsletter"). */
function greeting(lines: string[]): string[] {
  return lines.slice(0, 2).filter((line, i) => GREETING.test(line) || (i === 0 && !/\d/.test(line)));
}

const DATED =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|\d{1,2}[:/]\d/i;

/** A line that tells a date or time: an item, never a greeting, signature or heading. */
export function looksDated(line: string): boolean {
  return DATED.test(line);
}

/**
 * Lines after the last closing ("Thank you,", "Regards,"), else the short
 * undated lines at the very end: a short note's last line is its message, not a signature.
 */
function signature(lines: string[]): string[] {
  const recent = lines.slice(-8);
  const closing = recent.findLastIndex((line) => CLOSING.test(line));
  if (closing >= 0) return recent.slice(closing + 1);
  const tail: string[] = [];
  for (const line of lines.slice(-3).toReversed()) {
    if (line.length > 60 || looksDated(line)) break;
    tail.unshift(line);
  }
  return tail;
}

/**
 * Greeting and signature lines of each message in the body (a forward or a
 * reply holds several), without the header block of a forward. A newsletter's
 * items sit between them, so what they name stays with its own event.
 */
export function greetingsAndSignatures(text: string): string {
  const messages: string[][] = [[]];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/^[\s>]+/, "").trim();
    if (HEADER_FROM.test(raw) || WROTE.test(raw) || /^-{2,}\s*(?:forwarded|original) message/i.test(line) || /^_{5,}$/.test(line)) {
      messages.push([]);
      continue;
    }
    if (FORWARD_HEADER.test(raw) || line === "") continue;
    messages.at(-1)!.push(line);
  }
  return messages
    .filter((lines) => lines.length > 0)
    .flatMap((lines) => [...new Set([...greeting(lines), ...signature(lines)])])
    .join("\n");
}

/** A forward (not a reply): its top sender only passed the mail on, often the other parent. */
export function isForward(document: Pick<SourceDocument, "subject" | "text">): boolean {
  return /^\s*(?:fwd?|tr)\s*:/i.test(document.subject) || /(?:forwarded message|begin forwarded message|message transféré)/i.test(document.text);
}

/** The lines of a forward's header block that address a group ("To: Grade 3 Families"). */
export function forwardedRecipients(text: string): string {
  return text
    .split("\n")
    .filter((line) => /^[\s>]*(?:to|à|cc)\s*:/i.test(line))
    .join("\n");
}
