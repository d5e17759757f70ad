/**
 * Cuts readable text into blocks (paragraphs, cards), lines and sentences –
 * the units the built-in extractor reads one at a time. Lines that a PDF
 * wrapped mid-sentence are joined again.
 */
import type { TextLine } from "../read/html-text";

export interface Block {
  lines: TextLine[];
}

/** Dashes and odd spaces of every kind → one dash and plain spaces, same length. */
export function normaliseLine(text: string): string {
  return text
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, "–")
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/g, " ")
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function endsSentence(text: string): boolean {
  return /[.!?:;)]$/.test(text);
}

export function toBlocks(lines: TextLine[]): Block[] {
  const blocks: Block[] = [];
  let current: TextLine[] = [];
  const flush = () => {
    if (current.length) blocks.push({ lines: current });
    current = [];
  };
  for (const line of lines) {
    const text = normaliseLine(line.text);
    if (!text || /^[-_=*~–]{3,}$/.test(text)) {
      flush();
      continue;
    }
    const previous = current[current.length - 1];
    // A PDF or a hard-wrapped mail breaks sentences across lines.
    if (
      previous &&
      !previous.heading &&
      !line.heading &&
      previous.text.length > 45 &&
      !endsSentence(previous.text) &&
      /^[a-zà-ÿ(]/.test(text) &&
      !previous.text.includes("|")
    ) {
      previous.text = `${previous.text} ${text}`;
      continue;
    }
    current.push({ text, heading: line.heading });
  }
  flush();
  return blocks;
}

const ABBREVIATION = /(?:\b(?:St|Dr|Mr|Mrs|Ms|Mt|No|Jr|Sr|vs|Ave|Rd|Blvd|etc|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Gr|Rm|Ste|Prof|Mme|Mlle|M)|\b[A-Z]|\b[ap]\.m)\.$/;

/** Sentences of one line; "Oct. 14", "a.m." and "St. Mark's" do not end one. */
export function toSentences(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const re = /[.!?]+["”')]*\s+(?=["“'(]?[\p{Lu}\d•])/gu;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const candidate = line.slice(start, m.index + m[0].trimEnd().length);
    if (ABBREVIATION.test(line.slice(Math.max(0, m.index - 8), m.index + 1)) && !/[!?]/.test(m[0])) {
      // "a.m. Please arrive" still ends a sentence: the next word starts one.
      if (!/[ap]\.m\.$/i.test(line.slice(0, m.index + 1))) continue;
    }
    sentences.push(candidate.trim());
    start = m.index + m[0].length;
  }
  const rest = line.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** A short line without a full stop that can title what follows it; in capitals, a longer one too (a plain-text mail's headings). */
export function isHeadingLike(line: TextLine): boolean {
  if (line.heading) return true;
  const t = line.text;
  const capitals = /\p{Lu}{3}/u.test(t) && !/\p{Ll}/u.test(t);
  if (t.length > (capitals ? 120 : 80) || t.includes("|")) return false;
  if (/[.,;]$/.test(t)) return false;
  const words = t.split(/\s+/).length;
  return words <= (capitals ? 16 : 10);
}
