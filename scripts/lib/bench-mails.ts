/**
 * Variations of the sample inbox for the ingest benchmark: each mail is one of
 * the sample templates sent by a different sender, on a different day, under a
 * varied subject, with its own Message-ID — so no two are duplicates to the
 * server and the extractor sees the same kinds of mail with different dates.
 *
 * Every subject ends in "(ref B042)": the mail's number, which the benchmark
 * reads back from GET /api/messages/{id} to tie a source to the mail it sent.
 */
import { headerValue, replaceHeader } from "./mail-headers";
import { newMessageId, prepareMail, type PreparedMail, type SampleTemplate } from "./sample-inbox";

export interface BenchMail extends PreparedMail {
  /** 0-based position in the run. */
  index: number;
  /** "B042": the reference carried in the subject. */
  ref: string;
}

const SENDERS = [
  { name: "Maple Grove PS Office", address: "office@maplegrove-ps.example.org" },
  { name: "Coach Priya Shah", address: "pshah.coach@example.com" },
  { name: "Riverside Heights PS", address: "riverside.heights@lakeviewdsb.example.ca" },
  { name: "Northside FC Registrar", address: "registrar@northsidefc.example.org" },
  { name: "Mme Genevieve Roy", address: "g.roy@cssduvieuxport.example.qc.ca" },
  { name: "Harbourview PTA", address: "pta@harbourview.example.org" },
  { name: "Thunder U10 (via TeamHub)", address: "notifications@teamhub.example.com" },
  { name: "Mr. Kwame Asante", address: "kasante@oakwoodps.example.org" },
  { name: "Westbrook Music Dept.", address: "music@westbrook-ms.example.org" },
  { name: "Sam Rivera", address: "sam.rivera@example.com" },
  { name: "Glen Forest Drama Club", address: "drama@glenforest-ps.example.org" },
] as const;

const SUBJECT_PREFIXES = ["", "Reminder: ", "Please read: ", "FYI ", "[Parents] ", "Important: "] as const;

/**
 * Mails are spread back in time from `now`: 3 h 17 min 13 s apart, so 200 of
 * them cover about four weeks of send days and no two share a second. The
 * scale benchmark spreads a school year's mail wider (`spacingMs`).
 */
export const SEND_SPACING_MS = (3 * 3600 + 17 * 60 + 13) * 1000;

export function benchRef(index: number): string {
  return `B${String(index).padStart(3, "0")}`;
}

/** The mail number in a subject written by benchMails, or null. */
export function refInSubject(subject: string): number | null {
  const match = subject.match(/\(ref B(\d{3,})\)\s*$/);
  return match ? Number(match[1]) : null;
}

export function benchMails(
  templates: SampleTemplate[],
  options: { count: number; now: Date; to: string; timeZone: string; runId: string; spacingMs?: number },
): BenchMail[] {
  if (!templates.length) throw new Error("No sample templates to vary.");
  return Array.from({ length: options.count }, (_, index) => {
    const position = index % templates.length;
    const template = templates[position]!;
    const round = Math.floor(index / templates.length);
    // Each time round the templates, each one gets another sender and subject prefix.
    const sender = SENDERS[(round * 3 + position) % SENDERS.length]!;
    const prefix = SUBJECT_PREFIXES[(round + position) % SUBJECT_PREFIXES.length]!;
    const ref = benchRef(index);
    const sentAt = new Date(options.now.getTime() - index * (options.spacingMs ?? SEND_SPACING_MS));
    const mail = prepareMail(template, {
      sentAt,
      to: options.to,
      timeZone: options.timeZone,
      messageId: newMessageId(sender.address, `bench.${options.runId}.${ref}`),
    });
    // The raw subject may be RFC 2047 encoded words; plain text around them is still valid.
    const subject = `${prefix}${headerValue(mail.raw, "Subject") ?? ""} (ref ${ref})`;
    let raw = replaceHeader(mail.raw, "From", `"${sender.name}" <${sender.address}>`);
    raw = replaceHeader(raw, "Subject", subject);
    return { ...mail, raw, from: sender.address, subject: `${prefix}${mail.subject} (ref ${ref})`, index, ref };
  });
}
