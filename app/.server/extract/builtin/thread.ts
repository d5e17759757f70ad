/**
 * Forwarded mail and replies. A message body is cut into segments: the
 * sender's own text, then each forwarded or quoted message with its own date
 * line (Gmail "---------- Forwarded message ---------", Outlook
 * "From: … Sent: …", Apple "Begin forwarded message:", "On … wrote:" and ">"
 * quoting). Relative dates in a segment are read against that segment's date.
 */
import type { CalendarDay } from "../../../lib/calendar-day";
import { findDates } from "./dates";

export interface Segment {
  /** 0 is the newest text (the top of the message). */
  order: number;
  kind: "own" | "forwarded" | "quoted";
  text: string;
  /** The date line of a forwarded or quoted message, when it had one. */
  reference: CalendarDay | null;
  subject: string | null;
}

const FORWARD_MARKER =
  /^\s*(?:-{2,}\s*(?:Forwarded message|Original Message|Message transféré|Message d'origine|Courriel original)\s*-{2,}|Begin forwarded message:|Début du message réexpédié\s*:|_{10,})\s*$/i;
const HEADER_LINE = /^\s*\*?(From|De|Sent|Envoyé|Date|To|À|Cc|Subject|Objet|Sujet|Reply-To)\s*\*?\s*:\s*(.*)$/i;
const WROTE = /^\s*(?:On|Le)\s+(.{6,120}?)\s*(?:wrote|a écrit)\s*:\s*$/i;

function headerBlockLength(lines: string[], at: number): number {
  let n = 0;
  let sawFrom = false;
  let sawDateOrSubject = false;
  while (at + n < lines.length) {
    const m = HEADER_LINE.exec(lines[at + n]!);
    if (!m) break;
    const key = m[1]!.toLowerCase();
    if (key === "from" || key === "de") sawFrom = true;
    if (["sent", "envoyé", "date", "subject", "objet", "sujet"].includes(key)) sawDateOrSubject = true;
    n++;
  }
  return sawFrom && sawDateOrSubject && n >= 2 ? n : 0;
}

function stripQuote(line: string): { depth: number; text: string } {
  const m = /^((?:\s?>)+)\s?/.exec(line);
  if (!m) return { depth: 0, text: line };
  return { depth: (m[1]!.match(/>/g) ?? []).length, text: line.slice(m[0].length) };
}

function dateOf(value: string, fallback: CalendarDay): CalendarDay | null {
  const found = findDates(value, { reference: fallback }).find((d) => !d.bareWeekday);
  return found ? found.start : null;
}

/** Splits a message body into its own text and the messages it forwards or quotes. */
export function splitThread(text: string, reference: CalendarDay): Segment[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const segments: Segment[] = [];
  let current: Segment = { order: 0, kind: "own", text: "", reference: null, subject: null };
  const push = () => {
    if (current.text.trim()) segments.push(current);
  };
  const start = (kind: Segment["kind"], date: CalendarDay | null, subject: string | null) => {
    push();
    current = { order: segments.length, kind, text: "", reference: date, subject };
  };

  let quoteDepth = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const { depth, text: line } = stripQuote(raw);

    // "On Tue, Nov 10, 2026 at 4:02 PM Luis <l@x.org>" + "wrote:" may wrap.
    const joined = WROTE.test(line) ? line : i + 1 < lines.length ? `${line} ${stripQuote(lines[i + 1]!).text}` : line;
    const wrote = WROTE.exec(joined);
    if (wrote && /^\s*(?:On|Le)\s/i.test(line)) {
      start("quoted", dateOf(wrote[1]!, reference), null);
      if (!WROTE.test(line)) i++;
      quoteDepth = depth;
      continue;
    }
    if (FORWARD_MARKER.test(line)) {
      const block = headerBlockLength(lines.map((l) => stripQuote(l).text), i + 1 + skipBlank(lines, i + 1));
      const at = i + 1 + skipBlank(lines, i + 1);
      const headers = lines.slice(at, at + block).map((l) => stripQuote(l).text);
      start(/original/i.test(line) ? "quoted" : "forwarded", headerDate(headers, reference), headerSubject(headers));
      i = at + block - 1;
      quoteDepth = depth;
      continue;
    }
    const block = headerBlockLength(lines.map((l) => stripQuote(l).text), i);
    if (block) {
      const headers = lines.slice(i, i + block).map((l) => stripQuote(l).text);
      const kind = current.kind === "own" && !/^\s*(?:re|ré)\s*:/i.test(headerSubject(headers) ?? "") ? "forwarded" : "quoted";
      start(kind, headerDate(headers, reference), headerSubject(headers));
      i += block - 1;
      quoteDepth = depth;
      continue;
    }
    if (depth > quoteDepth && current.kind === "own" && line.trim()) {
      // Quoted text without an attribution line.
      start("quoted", null, null);
      quoteDepth = depth;
    }
    current.text += `${line}\n`;
  }
  push();
  return segments.map((s, order) => ({ ...s, order }));
}

function skipBlank(lines: string[], from: number): number {
  let n = 0;
  while (from + n < lines.length && !stripQuote(lines[from + n]!).text.trim()) n++;
  return n;
}

function headerDate(headers: string[], reference: CalendarDay): CalendarDay | null {
  for (const h of headers) {
    const m = HEADER_LINE.exec(h);
    if (m && /^(?:sent|envoyé|date)$/i.test(m[1]!)) return dateOf(m[2]!, reference);
  }
  return null;
}

function headerSubject(headers: string[]): string | null {
  for (const h of headers) {
    const m = HEADER_LINE.exec(h);
    if (m && /^(?:subject|objet|sujet)$/i.test(m[1]!)) return m[2]!.trim();
  }
  return null;
}
