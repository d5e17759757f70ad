/**
 * Reading a block by its layout before its sentences. A newsletter often puts a
 * date on a line of its own and what happens that day on the lines under it, or a
 * heading over a list of dates. Read sentence by sentence, the item lines have no
 * date and the date lines have no name; read as a structure, each item takes the
 * date above it and each date takes the name above it.
 *
 * Each function rewrites a block's lines into lines the sentence reader already
 * understands ("Tue 6/5 – Book swap"), so titles, times and tags are read the
 * same way everywhere.
 */
import { addDays, compareDays, dayKey, daysBetween, weekdayOf, type CalendarDay } from "../../../lib/calendar-day";
import type { TextLine } from "../read/html-text";
import { findDates, maskRanges, MONTH, OCCURRENCE_WORD, WEEKDAY, type DateScanOptions } from "./dates";
import { isHeadingLike, type Block } from "./passages";
import { findTimes } from "./times";
import { AUDIENCE, GENERIC_LABELS, hasEventNoun } from "./titles";

/** A bulleted or indented line: an item of the list above it. */
const ITEM = /^(?:\s{2,}|\s*[•*·▪►✓–-]\s)/;

/**
 * A school's day rotation ("Day 3 (Science)", "Day B", "A day", "Jour 2"): which
 * timetable runs, never an event of its own.
 */
export const ROTATION_LABEL = /^(?:(?:day|jour)\s*(?:\d{1,2}|[a-h])|[a-h]\s+day|(?:even|odd)\s+day)(?:\s*\([^)]*\))?$/i;

/** The words of a line once its dates, times and punctuation are taken out. */
function labelOf(text: string, scan: DateScanOptions): string {
  const dates = findDates(text, scan);
  const masked = maskRanges(text, dates);
  const times = findTimes(masked);
  let out = masked;
  for (const t of times) out = out.slice(0, t.index) + " ".repeat(t.length) + out.slice(t.index + t.length);
  return out
    .replace(/\uE000/g, " ")
    .replace(/^[\s:–|,.-]+|[\s:–|,.-]+$/g, "")
    .replace(/\s+/g, " ");
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * What an item line names: its label ("Book swap: bring one book"), else its first
 * clause ("Trip to the museum, bus leaves at 9"), else the whole short line.
 */
export function itemName(written: string): string | null {
  // "6:00–8:30 Marching band rehearsal": the hours are the item's time, not its name.
  let item = written;
  for (const t of findTimes(written).toReversed()) item = `${item.slice(0, t.index)}${item.slice(t.index + t.length)}`;
  item = item.replace(/^[\s–|,.-]+/, "").trim();
  const label = /^([^:]{3,60}?)\s*:\s*\S/.exec(item)?.[1];
  if (label && wordCount(label) <= 8) return label.trim();
  const clause = /^([^,;(–]{3,60}?)\s*(?:[,;(]|\s[–-]\s)/.exec(item)?.[1];
  if (clause && wordCount(clause) <= 8) return clause.trim();
  const whole = item.replace(/[.!]+$/, "").trim();
  return wordCount(whole) <= 8 ? whole : null;
}

/**
 * A line that starts with its one date: "Monday 6/4: Day 3 (Science)", "Tues 12 March",
 * or a weekday alone as a heading ("TUESDAY", "Wednesday:"), which is the coming one.
 */
function opensWithDate(line: TextLine, scan: DateScanOptions): string | null {
  if (ITEM.test(line.text)) return null;
  const weekday = WEEKDAY_HEADING.exec(line.text)?.[1];
  if (weekday) return weekday;
  const dates = findDates(line.text, scan);
  if (dates.length !== 1 || dates[0]!.index > 3 || dates[0]!.relative) return null;
  const date = line.text.slice(0, dates[0]!.index + dates[0]!.length).trim();
  if (dates[0]!.bareWeekday) return null;
  return date;
}

function undatedItem(line: TextLine | undefined, scan: DateScanOptions): boolean {
  return Boolean(line && ITEM.test(line.text) && line.text.trim().length > 2 && findDates(line.text, scan).length === 0);
}

/**
 * A date line with item lines under it. When the date line names no event of its
 * own (only a rotation label, or nothing), each item is that day's event. When it
 * does name one ("Thursday 6/7: Noon dismissal"), the items are what that event
 * holds, and they stay with it.
 */
export function readDateHeads(block: Block, scan: DateScanOptions): Block {
  const lines: TextLine[] = [];
  for (let i = 0; i < block.lines.length; i++) {
    const line = block.lines[i]!;
    const date = opensWithDate(line, scan);
    if (!date || !undatedItem(block.lines[i + 1], scan)) {
      lines.push(line);
      continue;
    }
    let last = i + 1;
    while (undatedItem(block.lines[last + 1], scan)) last++;
    const items = block.lines.slice(i + 1, last + 1).map((l) => l.text.replace(/^\s*[•*·▪►✓–-]?\s*/, "").trim());
    const label = labelOf(line.text, scan);
    // "March 3rd World Book Day": a name in capitals is an event of its own, like an event word.
    const namesEvent = label.length > 0 && !ROTATION_LABEL.test(label) && (hasEventNoun(label) || (isTitleCase(label) && !WEEKDAY_HEADING.test(label)) || /\bno\b|\bclosed\b|\bfermée?\b/i.test(label));
    const written = block.lines.slice(i, last + 1);
    if (namesEvent) {
      lines.push({
        ...line,
        text: `${line.text.replace(/[.:;,\s]+$/, "")} (${items.map((t) => t.replace(/[.;,\s]+$/, "")).join("; ")})`,
        source: written.map((l) => l.text).join("\n"),
      });
    } else {
      written.slice(1).forEach((itemLine, k) => {
        const item = items[k]!;
        lines.push({ text: `${date} – ${item}`, heading: false, links: line.links, name: itemName(item), item: true, source: `${line.text}\n${itemLine.text}` });
      });
    }
    i = last;
  }
  return { lines };
}

/** A month alone on its line ("March", "APRIL 2027:"): the heading of a calendar's day lines. */
const MONTH_HEADING = new RegExp(`^\\s*(${MONTH})(?:\\s+(\\d{4}))?\\s*:?\\s*$`, "iu");

/**
 * A day line under a month heading: its day of the month, or days, then what happens
 * ("4th Swim squad – Leisure Centre", "Sat 12 – Finals", "3-5: Camp", "19\tCross-country").
 * A bare number needs a weekday before it or a separator after it, so a line that
 * only starts with a count ("3 teams entered") stays prose.
 */
const DAY_LINE = new RegExp(
  `^\\s*(?:(${WEEKDAY})[,.]?\\s+)?(\\d{1,2})(st|nd|rd|th)?(?:\\s*[-–]\\s*(\\d{1,2})(?:st|nd|rd|th)?)?(?!\\d|[/.:]\\d)(\\s*[:–-]\\s+|\\t+|\\s+)(?=[\\p{L}"'(])(.*)$`,
  "iu",
);

function dayLine(line: TextLine): { days: string; item: string } | null {
  const m = DAY_LINE.exec(line.text);
  if (!m) return null;
  const [, weekday, first, ordinal, last, separator, item] = m;
  if (+first! < 1 || +first! > 31 || (last && (+last < 1 || +last > 31))) return null;
  if (!weekday && !ordinal && !last && !/[:–\t-]/.test(separator!)) return null;
  return { days: `${weekday ? `${weekday} ` : ""}${first}${last ? `–${last}` : ""}`, item: item!.trim() };
}

/**
 * A calendar written month by month: a month's name on its own line, then a line
 * for each day ("May" / "6th Friendly vs Riverside, 5.30pm" / "9th Summer term
 * begins"). Each day line takes its month from the heading above it.
 */
export function readMonthHeads(block: Block): Block {
  let month: { name: string; year: string | undefined; line: TextLine } | null = null;
  return {
    lines: block.lines.map((line) => {
      const heading = MONTH_HEADING.exec(line.text);
      if (heading) {
        month = { name: heading[1]!, year: heading[2], line };
        return line;
      }
      const day = month && dayLine(line);
      if (!month || !day) {
        month = null;
        return line;
      }
      return {
        text: `${day.days} ${month.name}${month.year ? ` ${month.year}` : ""} – ${day.item}`,
        heading: false,
        links: line.links,
        name: itemName(day.item),
        item: true,
        source: `${month.line.text}\n${line.text}`,
      };
    }),
  };
}

/**
 * "May 14 @ 6:00 pm – May 16 @ 11:00 am", as event calendars print a weekend camp: a timed
 * span with each time beside its day. Rewritten as the span, then its hours
 * ("May 14 – May 16, 6:00 pm – 11:00 am"), it starts on the first day and ends on the last.
 */
export function readTimedSpans(block: Block, scan: DateScanOptions): Block {
  return {
    lines: block.lines.map((line) => {
      const dates = findDates(line.text, scan);
      for (let i = 0; i + 1 < dates.length; i++) {
        const [from, to] = [dates[i]!, dates[i + 1]!];
        const between = line.text.slice(from.index + from.length, to.index);
        const first = TIME_BESIDE.exec(between);
        const after = line.text.slice(to.index + to.length);
        const second = TIME_BESIDE.exec(after);
        if (!first || !/^\s*[–-]\s*$/.test(between.slice(first[0].length)) || !second) continue;
        const text = `${line.text.slice(0, to.index + to.length).replace(between, " – ")}, ${first[1]!.trim()} – ${second[1]!.trim()}${after.slice(second[0].length)}`;
        return { ...line, text, source: line.source ?? line.text };
      }
      return line;
    }),
  };
}

const TIME_BESIDE = /^\s*(?:@|at|,)?\s*(\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)/i;

/** In a schedule's lines: a month and its day ("March 9th"), or a day of the month last named ("16"). */
const SCHEDULE_DAY = new RegExp(`(?<![\\p{L}\\p{N}])(?:(${MONTH})\\s*)?(\\d{1,2})(?:st|nd|rd|th)?(?![\\p{L}\\p{N}/:.-])`, "giu");
/** The words before a day that say the series skips it ("no club", "except", "cancelled"). */
const SKIP_WORDS = /\b(?:no|not|except|excluding|cancell?ed|off|pas de|sauf)\b/i;
const WEEKDAY_PLURAL = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

/**
 * A schedule written as the days it meets, month by month, with the weeks it skips
 * said in passing ("January 12, 19, 26" / "February 2, no club February 9th because of
 * winter break, 16, 23"): the days are one weekly series, and each skipped week is its
 * own line ("no club February 9th because of winter break"). Every day must fall on the same
 * weekday a week apart, skipped weeks included, and the lines must say nothing else.
 */
export function readScheduleList(block: Block, scan: DateScanOptions): Block {
  const headed = block.lines[0] && !findDates(block.lines[0].text, scan).length ? 1 : 0;
  const lines = block.lines.slice(headed);
  if (lines.length < 2) return block;
  const held: CalendarDay[] = [];
  const skipped: { day: CalendarDay; text: string; name: string; line: TextLine }[] = [];
  for (const line of lines) {
    const text = line.text.replace(/\([^()]*\)/g, " ");
    let month: string | null = null;
    let last = 0;
    let rest = "";
    for (const m of text.matchAll(SCHEDULE_DAY)) {
      month = m[1] ?? month;
      if (!month) return block;
      const day = findDates(`${month} ${m[2]}`, scan)[0]?.start;
      if (!day) return block;
      const before = text.slice(last, m.index);
      const skip = SKIP_WORDS.exec(before);
      if (skip) {
        const clauseEnd = text.slice(m.index).search(/[,;]/);
        const clause = text.slice(last + skip.index, clauseEnd === -1 ? text.length : m.index + clauseEnd);
        // "no club February 9th because of winter break" is called "no club – winter break".
        const at = m.index - last - skip.index;
        const why = clause.slice(at + m[0].length).replace(/^[\s,]*(?:on|for|due to|because of|pour)?\s*/i, "").trim();
        const what = clause.slice(0, at).replace(/\s+(?:on|the)\s*$/i, "").trim();
        skipped.push({ day, text: m[1] ? clause : clause.replace(m[0], `${month} ${m[2]}`), name: why ? `${what} – ${why}` : what, line });
        last = clauseEnd === -1 ? text.length : m.index + clauseEnd;
        continue;
      }
      held.push(day);
      rest += before;
      last = m.index + m[0].length;
    }
    rest += text.slice(last);
    // Only separators may stand between the days: anything else is prose about them.
    if (/\p{L}{2,}/u.test(rest.replace(/\b(?:and|&|et)\b/gi, ""))) return block;
  }
  const all = [...held, ...skipped.map((s) => s.day)].toSorted(compareDays);
  if (held.length < 4 || all.some((d, i) => i > 0 && daysBetween(all[i - 1]!, d) !== 7)) return block;
  const written = block.lines.map((l) => l.text).join("\n");
  const heading = headed ? block.lines[0]! : null;
  const name = heading && !/^(?:schedule|dates|calendar|horaire|calendrier)\s*:?$/i.test(heading.text.trim()) ? heading.text.replace(/[:\s]+$/, "") : null;
  const series: TextLine = {
    text: `${WEEKDAY_PLURAL[weekdayOf(held[0]!)]} from ${dayKey(held[0]!)} to ${dayKey(held[held.length - 1]!)}`,
    heading: false,
    name,
    source: written,
  };
  return {
    lines: [
      ...(heading ? [heading] : []),
      series,
      ...skipped.map((s) => ({ text: s.text.trim(), heading: false, links: s.line.links, name: s.name, source: s.line.text })),
    ],
  };
}

const SALUTATION = /^(?:dear|hi|hello|good (?:morning|afternoon|evening)|greetings|bonjour|chers?|chères?)\b/i;

/**
 * A letter's or a post's own date: a line that is only a date, at the top, on the day
 * it was read or before, with the greeting or the first paragraph under it ("Letter
 * home" / "4 March 2027" / "Dear families"). It dates the writing, not
 * an event; read as one, a parent would see "today" for every newsletter.
 */
export function withoutDateline(lines: TextLine[], scan: DateScanOptions): TextLine[] {
  const filled = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.text.trim()).slice(0, 5);
  for (let k = 0; k + 1 < filled.length; k++) {
    const { l: line, i } = filled[k]!;
    const dates = findDates(line.text, scan);
    if (dates.length !== 1 || dates[0]!.end || dates[0]!.relative || dates[0]!.bareWeekday) continue;
    const rest = maskRanges(line.text, dates).replace(/^\s*(?:posted|published|sent|date|dated)?\s*(?:on)?\s*:?/i, "").replace(/[\s\p{P}\p{S}]/gu, "");
    if (compareDays(dates[0]!.start, scan.reference) > 0) continue;
    const next = filled[k + 1]!.l.text.trim();
    // A heading with its date right above "Dear Parents" ("Letter Home – Oakfield Primary – 24th February 2027") dates the letter too,
    // and so does a post's date with its byline over the first paragraph ("12 March 2027 · Riverside Dance").
    const byline = /[·|•]/.test(line.text) && wordCount(maskRanges(line.text, dates).replace(/[·|•]/g, " ")) <= 4;
    if (!(SALUTATION.test(next) || ((!rest || byline) && next.length >= 100))) continue;
    return lines.map((l, j) => (j === i ? { ...l, text: "" } : l));
  }
  return lines;
}

const CLOSE_WORD = /\b(?:close|closes|closing|closed|finish|finishes|breaks up|break up|after (?:school|classes|lessons)|ferme|fermera|fermeture)\b[^.;()]{0,30}$/i;
const REOPEN_WORD = /\b(?:re-?open|re-?opens|re-?opening|returns?|resumes?|restarts?|back|rouvre|réouverture)\b/i;

/**
 * "Pupils break up on Friday 12th February and return on Monday 22nd February": the first
 * day is the last one at school, so the school is closed from the day after to the day
 * before it re-opens, and the re-opening is a day of its own. The closure is named by
 * the heading above ("Half-term 2027"), as the parent calls the break.
 */
export function readClosings(block: Block, lineBefore: TextLine | undefined, scan: DateScanOptions): Block {
  const lines: TextLine[] = [];
  const joined = joinBreakLines(block, scan);
  joined.lines.forEach((line, i) => {
    const dates = findDates(line.text, scan);
    const k = dates.findIndex(
      (d, j) =>
        j + 1 < dates.length && !d.end && !dates[j + 1]!.end && CLOSE_WORD.test(line.text.slice(Math.max(0, d.index - 40), d.index)) &&
        REOPEN_WORD.test(line.text.slice(d.index + d.length, dates[j + 1]!.index)),
    );
    if (k === -1) {
      lines.push(line);
      return;
    }
    const [close, reopen] = [dates[k]!, dates[k + 1]!];
    const first = addDays(close.start, 1);
    const last = addDays(reopen.start, -1);
    if (compareDays(first, last) > 0 || daysBetween(first, last) > 80) {
      lines.push(line);
      return;
    }
    const above = i > 0 ? joined.lines[i - 1] : lineBefore;
    const heading = above && !findDates(above.text, scan).length && !ITEM.test(above.text) && above.text.length <= 60 ? listName(above) : null;
    const source = line.source ?? line.text;
    lines.push(
      { text: `${dayKey(first)} – ${dayKey(last)}: school closed`, heading: false, links: line.links, name: heading ? `${heading} – school closed` : "School closed", source },
      { text: `${dayKey(reopen.start)}: school re-opens`, heading: false, links: line.links, name: heading ? `${returnName(line.text)} after ${heading}` : returnName(line.text), source },
    );
  });
  return { lines };
}

/** "Classes resume", "Lessons restart", else "School re-opens": the return as the text says it. */
function returnName(text: string): string {
  const said = /\b(classes|lessons|pupils|students|school|term)\s+(?:will\s+)?(resumes?|restarts?|returns?|re-?opens?|starts? again|begins? again)\b/i.exec(text);
  return said ? `${said[1]!.charAt(0).toUpperCase()}${said[1]!.slice(1).toLowerCase()} ${said[2]!.toLowerCase()}` : "School re-opens";
}

/**
 * "- Easter break begins after lessons on Thursday 25th March" / "- Lessons restart
 * Monday 12th April": a break's last day and its return on two lines, read as one sentence.
 */
function joinBreakLines(block: Block, scan: DateScanOptions): Block {
  const lines: TextLine[] = [];
  for (let i = 0; i < block.lines.length; i++) {
    const [line, next] = [block.lines[i]!, block.lines[i + 1]];
    const closes = findDates(line.text, scan);
    const returns = next ? findDates(next.text, scan) : [];
    const pair =
      closes.length === 1 && returns.length === 1 && CLOSE_WORD.test(line.text.slice(0, closes[0]!.index)) &&
      REOPEN_WORD.test(next!.text.slice(0, returns[0]!.index));
    if (!pair) {
      lines.push(line);
      continue;
    }
    lines.push({ ...line, text: `${line.text.replace(/[.;\s]+$/, "")} and ${next!.text.replace(/^[\s•*·▪►✓–-]+/, "")}`, source: `${line.source ?? line.text}\n${next!.source ?? next!.text}` });
    i++;
  }
  return { lines };
}

/**
 * "• 14 May  Sports Day (parents welcome), Year 6 Bake Sale": a dated list
 * line naming two events, each written as a name, joined by a comma. Each is that
 * day's event. A comma before words that are not a name ("Prize Giving, certificates to
 * children") is one event's detail, and the line stays whole.
 */
export function readNamedPairs(block: Block, scan: DateScanOptions): Block {
  return {
    lines: block.lines.flatMap((line) => {
      const text = line.text.replace(/^\s*[•*·▪►✓–-]\s*/, "");
      const date = opensWithDate({ ...line, text }, scan);
      if (!date) return [line];
      const rest = text.slice(text.indexOf(date) + date.length).replace(/^[\s:–-]+/, "");
      const parts = splitOutsideBrackets(rest);
      if (parts.length < 2 || !parts.every((part) => isTitleCase(part.replace(/\s*\([^()]*\)\s*/g, " ").trim()) && hasEventNoun(part))) return [line];
      return parts.map((part) => ({ ...line, text: `${date} – ${part}`, name: itemName(part), source: line.source ?? line.text }));
    }),
  };
}

/** "A (b, c), D" → ["A (b, c)", "D"]: commas inside brackets belong to their part. */
function splitOutsideBrackets(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

/** A weekday alone on its line ("TUESDAY", "Wednesday:"): the heading of that day's items. */
const WEEKDAY_HEADING = new RegExp(`^\\s*(${WEEKDAY})\\s*[:.–-]?\\s*$`, "iu");

/**
 * A line that holds dates and nothing else ("September 14 and 28", "- April 10, 11
 * (testing), & 25"), or a table row whose other cells only file or count them
 * ("APRIL | Tue 16 April, Fri 26 April | 2").
 */
function onlyDates(line: TextLine, scan: DateScanOptions): boolean {
  const dates = findDates(line.text, scan);
  if (dates.length === 0 || dates.some((d) => d.relative)) return false;
  const cells = maskRanges(line.text, dates)
    .replace(OCCURRENCE_LABEL, "")
    .split("|")
    .filter((cell) => !FILING_CELL.test(cell.trim()));
  const rest = cells
    .join(" ")
    .replace(/\([^()]*\)/g, " ")
    .replace(/\b(?:and|et)\b/gi, " ")
    .replace(/[\s\p{P}\p{S}]/gu, "");
  return rest.length === 0;
}

/** "Session 2:", "Week 3 –", "Round #4": which occurrence a listed date is, not what happens on it. */
const OCCURRENCE_LABEL = new RegExp(`^\\s*${OCCURRENCE_WORD}\\s*#?\\s*\\d{1,2}\\s*[:.–-]?`, "i");

/** A table cell that files or counts dates: a month's name, a number. */
const FILING_CELL = new RegExp(`^(?:${MONTH}|\\d{1,3})?$`, "iu");

/** "Calendar of early release days:" → "Early release days": the list's name without its filing words. */
function listName(line: TextLine): string | null {
  // A table's header row: its first cell, without the school year ("PD DAYS 2026-27 | OPEN | Days").
  const text = (line.text.split("|")[0] ?? "")
    .replace(/\s+\d{4}(?:\s*[-–/]\s*\d{2,4})?\s*$/, "")
    .replace(/^\d{4}(?:\s*[-–/]\s*\d{2,4})?\s+(?=\p{L})/u, "")
    .replace(/[:\s]+$/, "")
    .replace(/^(?:(?:a|the)\s+)?(?:calendar|schedule|list|dates?|calendrier|liste)\s+(?:of|for|des|du|de)\s+/i, "")
    .replace(/\s+(?:dates?|schedule|calendar)$/i, "")
    .trim();
  if (!text || text.length > 60 || /[.!?]$/.test(text)) return null;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A heading over lines of dates alone: every date is an occurrence of what the
 * heading names ("Early release days:" / "August 24" / "September 14 and 28").
 * The heading is the block's first line, or the line just above the block.
 */
export function readDateLists(block: Block, lineBefore: TextLine | undefined, scan: DateScanOptions): Block {
  const undatedHeading = (line: TextLine | undefined) => Boolean(line && !findDates(line.text, scan).length && !ITEM.test(line.text) && (line.heading || /:\s*$/.test(line.text)));
  const [first, ...rest] = block.lines;
  // A table's first row without dates heads the rows of dates under it, whatever stands between them.
  const tableHeader = Boolean(first?.text.includes("|")) && !findDates(first!.text, scan).length && rest.filter((l) => l.text.includes("|") && onlyDates(l, scan)).length >= 2;
  const own = tableHeader || (undatedHeading(first) && rest.length >= 2 && rest.slice(0, 2).every((l) => onlyDates(l, scan)));
  // Above the block, a short line of its own heads the list under it, colon or not.
  const above = !own && lineBefore !== undefined && (undatedHeading(lineBefore) || (isHeadingLike(lineBefore) && !findDates(lineBefore.text, scan).length && !ITEM.test(lineBefore.text))) && block.lines.length >= 2 && block.lines.slice(0, 2).every((l) => onlyDates(l, scan));
  const heading = own ? first : above ? lineBefore : undefined;
  const name = heading ? listName(heading) : null;
  if (!name) return block;
  return { lines: block.lines.map((l) => (l !== heading && onlyDates(l, scan) ? { ...l, name, source: `${heading!.text}\n${l.text}` } : l)) };
}

/** A record's field that says when ("When: Monday 8 March", "Date: Sat 9am"). */
const WHEN_FIELD = /^\s*(?:[•*·▪►✓–-]\s*)?(?:dates?|when|days?|time|times|quand|heure)\s*:\s*\S/i;
/** A record's other fields: where, what it costs, who it is for. */
const OTHER_FIELD = /^\s*(?:[•*·▪►✓–-]\s*)?(?:where|location|venue|place|address|cost|fee|fees|price|who|ages?|grades?|lieu|coût|prix)\s*:\s*\S/i;

/**
 * A record of labelled fields ("Venue: …" / "When: …" / "Fee: …") is one event, and
 * its "When:" line says only when: the event is what the record is about, named by
 * the heading above the fields, else by the message's subject. Its words never come
 * from the date line's filler ("…and then every week until the end of term").
 */
export function readRecords(block: Block, lineBefore: TextLine | undefined, subjectName: string | null): Block {
  const fields = block.lines.filter((l) => WHEN_FIELD.test(l.text) || OTHER_FIELD.test(l.text));
  if (fields.length < 2 || !fields.some((l) => WHEN_FIELD.test(l.text)) || !fields.some((l) => OTHER_FIELD.test(l.text))) return block;
  const first = block.lines.indexOf(fields[0]!);
  const above = first > 0 ? block.lines[first - 1] : lineBefore;
  const heading = above && isRecordName(above) ? above.text.replace(/[:\s]+$/, "") : null;
  // "2027 Junior Tennis Day - entries now open": the subject's name, without its year and its news.
  const name = (heading ?? subjectName)?.split(/\s[–-]\s/)[0]!.replace(/^\d{4}\s+(?=\p{L})/u, "").trim();
  if (!name) return block;
  return { lines: block.lines.map((l) => (WHEN_FIELD.test(l.text) && !l.name ? { ...l, name } : l)) };
}

/** A heading, or a short line written as a name ("Beginners' Chess Club"), not a sentence or a field of its own. */
function isRecordName(line: TextLine): boolean {
  const text = line.text.replace(/[:\s]+$/, "");
  return text.length <= 60 && !/[.!?,;]$/.test(text) && !/:\s*\S/.test(text) && (Boolean(line.heading) || isTitleCase(text));
}

/** "- Book Fair: the library opens its doors…": a list item led by a name in title case. */
const LABELLED_ITEM = /^\s*[•*·▪►✓–-]\s*([^:]{2,50}?)\s*:\s+\S/;

/** A label written as a name: every main word capitalised ("Thanksgiving Break", "NO SCHOOL"). */
function isTitleCase(label: string): boolean {
  const words = label.split(/\s+/).filter((w) => !/^(?:of|the|and|for|a|an|to|in|on|at|&|de|du|des|la|le|et)$/i.test(w));
  return words.length >= 1 && words.length <= 6 && words.every((w) => /^[\p{Lu}\d]/u.test(w));
}

/**
 * List items that lead with their name ("- No School: there is no school on the 1st"):
 * the label is what the item is called, however its sentence goes on.
 */
export function readLabelledItems(block: Block): Block {
  return {
    lines: block.lines.map((line) => {
      const label = LABELLED_ITEM.exec(line.text)?.[1];
      // "Grades K-8:" says for whom, not what.
      if (!label || line.name || GENERIC_LABELS.test(label.trim()) || AUDIENCE.test(label.trim()) || !isTitleCase(label)) return line;
      return { ...line, name: label };
    }),
  };
}
