/**
 * Readable text → candidate events. Each sentence with a date is one or more
 * mentions; each mention takes its time from its own words (or, for a single
 * date, from the sentences that follow: "We'll leave around 9:00"), its title
 * from its own words, a heading above it or the one below it, and its tags
 * from what it says. Schedule tables and weekly series have their own readers.
 */
import { addDays, compareDays, type CalendarDay } from "../../../lib/calendar-day";
import type { TextLine } from "../read/html-text";
import type { Tag } from "../types";
import type { Candidate } from "./candidate";
import { findDates, maskRanges, MONTH, type DateMention, type DateScanOptions } from "./dates";
import { CONTINGENCY, ELIGIBILITY, FORMER_PLAN, OPEN_AS_USUAL, SENT_HOME, STAFF_DUTY, isDateStamp, isDayAsUsual, isHoursOrMenu, isPromiseToWrite, isRecapSentence, TAKES_EFFECT } from "./negatives";
import { isHeadingLike, normaliseLine, toBlocks, toSentences, type Block } from "./passages";
import { monthCandidate } from "./month-events";
import { withoutDateline, readClosings, readNamedPairs, readDateHeads, readDateLists, readLabelledItems, readMonthHeads, readRecords, readScheduleList, readTimedSpans } from "./structure";
import { sessionsIn, splitIntoSessions, type Session } from "./sessions";
import { numberedSeries, sharesName } from "./identity";
import { listedSeries, readSeries, weeklyDays } from "./recurrence";
import { isTableRow, readHeader, readRow, type TableColumns } from "./tables";
import { languageOf } from "./french";
import { tagsFor } from "./tags";
import { nameStems } from "./event-words";
import { addMinutes, findDuration, findTimes, isTimeChoice, TO_BE_DECIDED, type ClockTime, type TimeMention } from "./times";
import { AUDIENCE, CHATTER_TITLE, eventNounPhrase, GAP, GENERIC_LABELS, hasEventNoun, isMeaningful, nameAmountDue, POINTER_TITLE, PUBLICATION_TITLE, shortTitle, titleFromMention } from "./titles";

export interface PassageContext {
  reference: CalendarDay;
  /** The school year the document names, for its yearless dates (`schoolYearOf`). */
  schoolYear?: number | null;
  /** The document writes its numeric dates day first (`numericDayFirst`). */
  dayFirst?: boolean;
  subject: string | null;
  segment: number;
  origin: Candidate["origin"];
}

/** A move to a new date, in the past, present or future tense ("moved to", "moves to", "is moving to", "will move to"). */
const RESCHEDULE_CUE =
  /\b(?:moves? (?:[a-z-]+ ){1,8}to|pushes (?:[a-z-]+ ){1,8}(?:back )?to|moved to|been moved to|moves to|(?:is|are) moving to|will move to|rescheduled (?:to|for)|rescheduled|is now (?:on|scheduled for|set for)|will now be(?: held)? on|now (?:on|takes place on|be held on)|postponed (?:to|until|till)|pushed (?:back )?to|new date(?: is)?|changed to|instead|reportée? au|déplacée? au|remise? au|aura plutôt lieu|aura maintenant lieu)\b/i;
const ALTERNATE_DATE = /\b(?:snow|rain|storm|backup|back-up|weather|make-?up|alternate) date\b|\bdate de remplacement\b|\ben cas de (?:pluie|tempête|mauvais temps)\b|\bif (?:it rains|cancell?ed)\b/i;
const BY_ACTION =
  /\b(?:must be \w+(?: in)?|turned in|handed in|returned|submitted|paid|completed|return|send|submit|bring|drop off|hand in|order|register|sign up|pay|complete|fill (?:out|in)|rsvp|reply|respond|book|purchase|buy|turn in|apply|enrol+|be back|need to be back|remettre|envoyer|payer|inscrire|retourner)\b[^.]*\b(?:by|before|no later than|avant le|d'ici le)\s*$/i;
const NO_SESSION = /\bno (?:practice|class|lesson|lessons|game|games|meeting|club|rehearsal|skating|swim|session|den meeting|program|programming)\b|\bpas de (?:pratique|cours|entraînement|club|réunion)\b|\bcancell?ed\b/i;
/** "Monday: soup", "Wed: Kevin drives" – a weekly rota line. */
const ROTA_LINE = /^\s*(?:[•*-]\s*)?(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)[a-z]*\.?\s*[:–-]/i;

const GENERIC_HEADING = new RegExp(
  `^(?:${MONTH}\\s*\\d{4}|(?:important |upcoming |key |save the )?(?:dates?|events?|reminders?|calendar|schedule|agenda)(?: to remember| at a glance)?!?|coming up|this week|next week|past events|due dates?|date due|rappels?|à retenir|dates? à (?:ne pas oublier|retenir)|dates importantes|calendrier)$`,
  "iu",
);

/**
 * "Key dates 2027-2028 / Dates à retenir 2027-2028": a heading that only
 * files dates, in one language or two, with or without its school year.
 */
function isGenericHeading(title: string): boolean {
  const parts = title
    .replace(/\b\d{4}\s*[-–/]\s*\d{2,4}\b|\b\d{4}\b/g, " ")
    .split(/\s\/\s|\s\|\s/)
    .map((part) => part.replace(/\s+(?:pour|for)\s*$/i, "").replace(/[\s:–-]+$/, "").replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => GENERIC_HEADING.test(part));
}

interface Unit {
  blockIndex: number;
  lineIndex: number;
  sentenceIndex: number;
  text: string;
}

/** How this passage reads its dates: against its reference day, in the document's school year. */
function scanOf(context: PassageContext): DateScanOptions {
  return { reference: context.reference, schoolYear: context.schoolYear ?? null, dayFirst: context.dayFirst ?? false };
}

/** A line that is only a web or mail address: where to go, never what happens. */
const ADDRESS_ONLY = /^\s*(?:https?:\/\/|www\.)\S+\s*$|^\s*\S+@\S+\.\w+\s*$/i;

function headingText(line: TextLine | undefined, context: PassageContext): string | null {
  if (!line || !isHeadingLike(line) || ADDRESS_ONLY.test(line.text)) return null;
  const dates = findDates(line.text, scanOf(context));
  const masked = maskMentions(line.text, dates, []);
  // "REMINDER: Poetry night with …": a filing label before the colon names nothing.
  const label = /^([^:]{2,30}):\s+(\S.*)$/.exec(line.text);
  const named = label && (GENERIC_LABELS.test(label[1]!.trim()) || isGenericHeading(label[1]!)) ? label[2]! : line.text;
  const written = dates.length ? titleFromMention(masked) : shortTitle(named);
  // "2017 Summer Turtle Camp Schedule" names the camp; the year and "schedule" only file it.
  const title = written.replace(/^(?:\d{4}(?:[-–/]\d{2,4})?\s+)(?=\p{L})/u, "").replace(/\s+(?:schedule|calendar|dates|timetable|horaire|calendrier)$/i, "");
  // "$430 for this six-week program" is what it costs.
  // "Dé Luain 5ú Bealtaine": a date the scan cannot read is still only a date.
  if (!title || !isMeaningful(title) || isGenericHeading(title) || CHATTER_TITLE.test(title) || /^[$£€]\s?\d/.test(title)) return null;
  return title;
}

/** The subject as a title, without its reply prefixes and its own dates ("News April 23-26" → "News"). */
function subjectTitle(context: PassageContext): string {
  const subject = (context.subject ?? "").replace(/^(?:(?:re|fwd?|tr|ré)\s*:\s*)+/i, "");
  const dates = findDates(subject, scanOf(context));
  return dates.length ? shortTitle(maskMentions(subject, dates, [])) : shortTitle(subject);
}

/** Links a parent follows for an event, never the newsletter's own plumbing or social pages. */
const PLUMBING = /unsubscribe|optout|opt-out|list-manage|preferences|facebook\.com|instagram\.com|twitter\.com|x\.com\/|youtube\.com|linkedin\.com|tiktok\.com|mailchi\.mp\/.*\/view|view(?:-| )in(?:-| )browser/i;
const WEB_ADDRESS = /https:\/\/[^\s<>()"'\]|]+[^\s<>()"'\]|.,;:!?]/gi;

/** The first https address written in a text that a parent would follow. */
function linkIn(text: string): string | null {
  return [...text.matchAll(WEB_ADDRESS)].map((m) => m[0]).find((url) => !PLUMBING.test(url)) ?? null;
}

/** A line's own links (written or anchored), then those of a date-free line under it. */
function linksNear(line: TextLine, next: TextLine | undefined, context: PassageContext): string[] {
  const own = [linkIn(line.text), ...(line.links ?? [])];
  const below = next && !findDates(next.text, scanOf(context)).length ? [linkIn(next.text), ...(next.links ?? [])] : [];
  return [...own, ...below].filter((url): url is string => Boolean(url) && !PLUMBING.test(url!));
}

/**
 * "No practice the weeks of December 23 and December 30": each written date
 * starts a week, so together they are one span through the last week's end.
 */
function weeksOf(sentence: string, dates: DateMention[]): DateMention[] {
  const first = dates.findIndex((d) => !d.end && /\bweeks of\s*$|\bsemaines du\s*$/i.test(sentence.slice(Math.max(0, d.index - 14), d.index)));
  if (first === -1) return dates;
  let last = first;
  while (dates[last + 1] && !dates[last + 1]!.end && /^\s*(?:,|and|&|et)?\s*(?:(?:the|le)\s+)?$/i.test(sentence.slice(dates[last]!.index + dates[last]!.length, dates[last + 1]!.index))) last++;
  if (last === first) return dates;
  const from = dates[first]!;
  const to = dates[last]!;
  const span: DateMention = { ...from, length: to.index + to.length - from.index, end: addDays(to.start, 6) };
  return [...dates.slice(0, first), span, ...dates.slice(last + 1)];
}

/** A bulleted or bracketed line: one of a list of days under a heading, or an aside, never a card's date or name. */
function bulleted(text: string): boolean {
  return /^\s*[•*·▪►✓–(-]/.test(text);
}

/** A line that is a date and nothing else ("Mon 22 Jul", "Friday, May 6th"): the date of a card. */
function isDateOnly(text: string, context: PassageContext): boolean {
  const dates = findDates(text, scanOf(context));
  const rest = maskMentions(text, dates, findTimes(maskRanges(text, dates))).replace(/[\uE000\s\p{P}\p{S}\d]/gu, "");
  // "Wednesday, September 8 / Mercredi, 8 septembre": one day, said in two languages.
  const days = new Set(dates.map((d) => `${d.start.year}-${d.start.month}-${d.start.day}${d.end ? "+" : ""}`));
  return dates.length >= 1 && days.size === 1 && rest.length <= 3;
}

/**
 * What the line under a card's date names: its first clause, even when it runs
 * on as prose or says the date again ("Mon 22 Jul" / "Term 3 begins 22nd July").
 */
function cardTitle(text: string, context: PassageContext): string | null {
  const first = toSentences(text)[0] ?? "";
  const dates = findDates(first, scanOf(context));
  const masked = maskMentions(first, dates, findTimes(maskRanges(first, dates)));
  // A short line is the name as written ("No school – public holiday for Matariki").
  const whole = dates.length === 0 && first.split(/\s+/).length <= 9 ? shortTitle(first) : "";
  const title = whole || titleFromMention(masked);
  return title && !CHATTER_TITLE.test(title) && !GENERIC_HEADING.test(title) ? title : null;
}

function maskMentions(text: string, dates: { index: number; length: number }[], times: { index: number; length: number }[]): string {
  let out = text;
  for (const r of [...dates, ...times]) {
    out = out.slice(0, r.index) + GAP.repeat(r.length) + out.slice(r.index + r.length);
  }
  return out.replace(new RegExp(`${GAP}+`, "g"), (g) => GAP + " ".repeat(g.length - 1));
}

/** Cuts a sentence with several dates into one clause per date. */
function clauses(sentence: string, dates: DateMention[]): { text: string; offset: number; dates: DateMention[] }[] {
  if (dates.length <= 1) return [{ text: sentence, offset: 0, dates }];
  const cuts: number[] = [0];
  for (let i = 0; i + 1 < dates.length; i++) {
    const from = dates[i]!.index + dates[i]!.length;
    const to = dates[i + 1]!.index;
    const gap = sentence.slice(from, to);
    const separators = [...gap.matchAll(/;|,\s+and\s+|\s+and\s+|\s+et\s+|,\s+|\(|\s–\s|\s+or\s+/g)];
    const cut = separators.length ? from + separators[separators.length - 1]!.index! : to;
    cuts.push(cut);
  }
  cuts.push(sentence.length);
  return dates.map((d, i) => ({
    text: sentence.slice(cuts[i]!, cuts[i + 1]!),
    offset: cuts[i]!,
    dates: [{ ...d, index: d.index - cuts[i]! }],
  }));
}

/**
 * A label that names only a kind of occurrence ("Matinee showings", "Two sittings",
 * "Morning sessions for grandparents"): which event they are, the heading says.
 */
const OCCURRENCE_ONLY =
  /^(?:(?:the|our|both|two|three|all|evening|morning|afternoon|daytime|weekend|matinee|public|extra|special|further|remaining)\s+)*(?:performances?|shows?|showings?|sessions?|sittings?|viewings?|screenings?|times?|dates?)(?:\s+(?:for|with)\s+[^,;]*)?$/i;

/** Every word that names something in `title` is in `other` too. */
function namedWithin(title: string, other: string): boolean {
  const words = nameStems(title);
  const within = nameStems(other);
  return words.size > 0 && [...words].every((w) => within.has(w));
}

/** Nothing but "and", "&" or a comma between two dates: they are one list. */
const BARE_JOIN = /^\s*(?:,|&|,?\s*and|et)?\s*$/i;

/** Two or more dates with nothing but "and", "&" or commas between them. */
function isDateList(sentence: string, dates: DateMention[]): boolean {
  if (dates.length < 2) return false;
  for (let i = 0; i + 1 < dates.length; i++) {
    if (!BARE_JOIN.test(sentence.slice(dates[i]!.index + dates[i]!.length, dates[i + 1]!.index))) return false;
  }
  return true;
}

/** "…on Friday 4th and Saturday 5th, doors open at 7": hours written once after a list of dates are every date's. */
function timesAfterDateList(sentence: string, dates: DateMention[]): TimeMention[] | null {
  const last = dates[dates.length - 1]!;
  const after = findTimes(sentence.slice(last.index + last.length));
  return after.some((t) => t.start) ? after : null;
}

/** The time of a mention: start, end (range, "until", duration), TBD. */
function pickTime(times: TimeMention[], durationMinutes: number | null, spansDays = false): { start: ClockTime | null; end: ClockTime | null } {
  const first = times.find((t) => t.start);
  if (!first) return { start: null, end: null };
  let end = first.end;
  if (!end) {
    const later = times.find((t) => t.index > first.index && t.endOnly);
    end = later?.end ?? null;
  }
  if (!end && durationMinutes) end = addMinutes(first.start!, durationMinutes);
  // A span's end is on its last day: "Fri 6 pm – Sun 11 am" ends after it starts.
  if (end && !spansDays && end.hour * 60 + end.minute <= first.start!.hour * 60 + first.start!.minute) end = null;
  return { start: first.start, end };
}

const LOCATION = /\b(?:at|in|@|au|à l'|à la|à|dans le|dans la)\s+((?:the\s+|l')?[A-Z][\p{L}'’.-]*(?:\s+(?:[A-Z0-9][\p{L}\d'’.-]*|of|the|de|du|des|&)){0,6})/u;
const LOCATION_LABEL = /\b(?:where|location|lieu|place)\s*:\s*([^|;\n]{3,80})/i;

function findLocation(text: string): string | null {
  const label = LOCATION_LABEL.exec(text);
  if (label) return label[1]!.trim().replace(/[.,]$/, "");
  const m = LOCATION.exec(text.replace(new RegExp(GAP, "g"), " "));
  if (!m) return null;
  const place = m[1]!.trim().replace(/\s+(?:of|the|de|du|des|&)$/i, "");
  if (/^(?:the\s+)?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Noon|TBA|TBD|January|February|March|April|May|June|July|August|September|October|November|December)/i.test(place)) return null;
  return place;
}

function describe(parts: (string | null | undefined)[]): string {
  const text = parts.filter(Boolean).join(" – ").replace(/\s+/g, " ").trim();
  return text.length > 400 ? `${text.slice(0, 397)}…` : text;
}

function dedupeSameDay(dates: DateMention[], sentence: string): DateMention[] {
  const out: DateMention[] = [];
  for (const [i, d] of dates.entries()) {
    // "tomorrow, Thursday, January 4th": the written date says which day is meant, even when the two disagree.
    const next = dates[i + 1];
    if (d.relative && next && !next.relative && !next.bareWeekday && /^\s*,?\s*$/.test(sentence.slice(d.index + d.length, next.index))) continue;
    const twin = out.find((o) => compareDays(o.start, d.start) === 0 && !o.end && !d.end);
    if (twin) {
      // "today, Tuesday, January 5": one day, the written form wins.
      if (twin.relative && !d.relative) out[out.indexOf(twin)] = { ...d, evening: twin.evening };
      continue;
    }
    out.push(d);
  }
  return out;
}

/** "Visiting day hours are 10:00 am to 2:00 pm": the hours a text gives a kind of event once, not tied to a date. */
const KIND_HOURS = /^(?:the\s+)?([\p{L}'’ -]{3,40}?)\s+(?:hours|times?|schedule)\s+(?:are|is|will be|run|runs)\b/iu;

/** "On each early release day students leave at 12:30": the time every day of that kind keeps. */
const EACH_KIND = /\b(?:on|for|at)\s+(?:each|every)\s+((?:[\p{L}'’-]+\s+){0,3}?(?:day|night|evening|morning|afternoon|meeting|session|practice|class|game|visit|lesson|rehearsal))s?\b/iu;

function kindHours(blocks: Block[], context: PassageContext): { kind: string; start: ClockTime; end: ClockTime | null }[] {
  const kinds: { kind: string; start: ClockTime; end: ClockTime | null }[] = [];
  for (const line of blocks.flatMap((b) => b.lines)) {
    for (const sentence of toSentences(line.text)) {
      const kind = KIND_HOURS.exec(sentence)?.[1] ?? EACH_KIND.exec(sentence)?.[1];
      if (!kind || findDates(sentence, scanOf(context)).length) continue;
      const times = findTimes(sentence);
      if (isTimeChoice(sentence, times)) continue;
      const { start, end } = pickTime(times, null);
      // "every late start day" is kept by "Late start dates" too: the kind is its words before "day".
      if (start) kinds.push({ kind: kind.toLowerCase().replace(/s$/, "").replace(/(?<=\S)\s+days?$/, ""), start, end });
    }
  }
  return kinds;
}

/** A dated entry of that kind without hours of its own takes the kind's hours. */
function giveKindHours(candidates: Candidate[], blocks: Block[], context: PassageContext): void {
  const kinds = kindHours(blocks, context);
  if (kinds.length === 0) return;
  for (const c of candidates) {
    if (c.startTime || c.lastDay) continue;
    const kind = kinds.find((k) => c.title.toLowerCase().includes(k.kind));
    if (kind) {
      c.startTime = kind.start;
      c.endTime = kind.end;
    }
  }
}

export function candidatesFromLines(lines: TextLine[], context: PassageContext): Candidate[] {
  const blocks = toBlocks(withoutDateline(lines, scanOf(context)));
  const out: Candidate[] = [];
  let lastBlockCandidates: Candidate[] = [];
  blocks.forEach((block, blockIndex) => {
    const previousBlock = blocks[blockIndex - 1];
    const lastOfPrevious = previousBlock?.lines[previousBlock.lines.length - 1];
    // A headline standing alone ("Snow day: school cancelled Friday, January 5") is told again by the prose under it.
    const headline = previousBlock?.lines.length === 1 && isHeadingLike(previousBlock.lines[0]!) ? lastBlockCandidates : [];
    // The next two blocks, for the sessions a dated line's event holds ("Act 1: … 10:30", "Act 2: … 12:00").
    const after = blocks.slice(blockIndex + 1, blockIndex + 3).flatMap((b) => b.lines);
    const fromBlock = numberedSeries(readBlock(block, blockIndex, lastOfPrevious, context, headline, after), context.reference);
    lastBlockCandidates = fromBlock;
    const language = languageOf(block.lines.map((l) => l.text).join(" "));
    for (const c of fromBlock) c.language = language;
    out.push(...fromBlock);
  });
  giveKindHours(out, blocks, context);
  return out;
}

/**
 * A dated span on one line and the days it meets on a line or two below
 * ("June 20 - July 27" / "(no camp on July 4th)" / "Tuesdays and Thursdays,
 * 9:00 - 11:45 a.m."): one statement of a weekly series, read as one line.
 */
function joinSeriesLines(block: Block, context: PassageContext): Block {
  const lines: TextLine[] = [];
  for (let i = 0; i < block.lines.length; i++) {
    const line = block.lines[i]!;
    const spans = findDates(line.text, scanOf(context)).some((d) => d.end);
    if (spans && !weeklyDays(line.text)) {
      const daysAt = [1, 2].map((k) => i + k).find((j) => {
        const below = block.lines[j];
        return below && weeklyDays(below.text) && !findDates(below.text, scanOf(context)).some((d) => !d.bareWeekday);
      });
      // Only asides may stand between the two ("(no camp on July 4th)").
      if (daysAt !== undefined && block.lines.slice(i + 1, daysAt).every((l) => /^\s*\(/.test(l.text))) {
        lines.push({ ...line, text: block.lines.slice(i, daysAt + 1).map((l) => l.text).join(" ") });
        i = daysAt;
        continue;
      }
    }
    lines.push(line);
  }
  return { lines };
}

function readBlock(
  written: Block,
  blockIndex: number,
  lineBefore: TextLine | undefined,
  context: PassageContext,
  headline: Candidate[],
  after: TextLine[],
): Candidate[] {
  const scan = scanOf(context);
  const laidOut = readNamedPairs(readDateHeads(readMonthHeads(readScheduleList(readTimedSpans(joinSeriesLines(written, context), scan), scan)), scan), scan);
  const block = readClosings(readRecords(readLabelledItems(readDateLists(laidOut, lineBefore, scan)), lineBefore, subjectTitle(context) || null), lineBefore, scan);
  const out: Candidate[] = [];
  let columns: TableColumns | null = null;
  let lastLineCandidates: Candidate[] = headline;
  let sportsTable = false;
  // As written: the items a weekday heading gives its day are not a rota.
  const rota = written.lines.filter((l) => ROTA_LINE.test(l.text)).length >= 2;
  let anchor: CalendarDay | null = null;
  block.lines.forEach((line, lineIndex) => {
    const header = isTableRow(line.text) ? readHeader(line.text) : null;
    if (header) {
      columns = header;
      sportsTable = header.opponent !== -1 || header.home !== -1 || /kick|puck|pitch|tip/i.test(line.text);
      lastLineCandidates = [];
      return;
    }
    if (columns && isTableRow(line.text)) {
      const row = readRow(line.text, columns);
      const c = rowCandidate(row, line.text, context, sportsTable);
      if (c) out.push(c);
      lastLineCandidates = c ? [c] : [];
      return;
    }
    if (!isTableRow(line.text)) columns = null;

    const isListItem = (t: string) => /^\s*(?:[•*·▪►✓-]|\d{1,2}[/.]\d|\p{L}{3,9}\.?,?\s+\d)/u.test(t) || findDates(t.slice(0, 25), scanOf(context)).some((d) => d.index < 3);
    const heading = (() => {
      const previous = lineIndex > 0 ? block.lines[lineIndex - 1] : lineBefore;
      // A dated line heads only the prose under it (a card), never the next list item.
      const isProse = /[.!?]["”)]?$/.test(line.text) || line.text.length > 90;
      const usable = previous && (!findDates(previous.text, scanOf(context)).length || (isProse && !isListItem(line.text) && !isListItem(previous.text)));
      const above = usable ? headingText(previous, context) : null;
      if (above) return { text: above, line: previous!.text, dated: findDates(previous!.text, scanOf(context)).length > 0, sameBlock: lineIndex > 0 };
      const first = block.lines[0]!;
      if (lineIndex > 1 && isHeadingLike(first)) {
        const top = findDates(first.text, scanOf(context)).length ? null : headingText(first, context);
        if (top) return { text: top, line: first.text, dated: false, sameBlock: true };
      }
      return null;
    })();
    const next = block.lines[lineIndex + 1];
    const card = next && lineIndex === 0 && !bulleted(line.text) && !bulleted(next.text) && isDateOnly(line.text, context) ? cardTitle(next.text, context) : null;
    const below = card ?? (next && !findDates(next.text, scanOf(context)).length ? headingText(next, context) : null);
    const afterBelow = block.lines[lineIndex + 2];

    const sentences = toSentences(line.text);
    const lineCandidates: Candidate[] = [];
    sentences.forEach((sentence, sentenceIndex) => {
      const unit: Unit = { blockIndex, lineIndex, sentenceIndex, text: sentence };
      const following = [
        ...sentences.slice(sentenceIndex + 1),
        ...block.lines.slice(lineIndex + 1, lineIndex + 3).flatMap((l) => toSentences(l.text)),
      ].slice(0, 3);
      // The sentences just before this one, nearest first, for a name that only points back.
      const preceding = [
        ...sentences.slice(0, sentenceIndex).toReversed(),
        ...block.lines.slice(0, lineIndex).toReversed().flatMap((l) => toSentences(l.text).toReversed()),
      ].slice(0, 3);
      const aside = sentences
        .filter((other, i) => i !== sentenceIndex && !findDates(other, scanOf(context)).length)
        .join(" ");
      // A page's section title above a card loses to the card's own title below the date.
      // A date line that opens its own block (a dated card: "Monday, May 6" then
      // "Sports day") is named by the line under it, not by the previous card's last line.
      const preferBelow = Boolean(card) || Boolean(heading && !heading.sameBlock && below && (next?.heading || lineIndex === 0));
      const month = monthCandidate(sentence, context);
      if (month) {
        month.source = line.source ?? line.text;
        out.push(month);
        lineCandidates.push(month);
      }
      // Read only for a sentence that gives a date: each later line is scanned for dates.
      let sessions: Session[] | null = null;
      const sessionsAfter = () => (sessions ??= sessionsIn(unitsUntilDated(sentences.slice(sentenceIndex + 1), [...block.lines.slice(lineIndex + 1), ...after], context)));
      const made = readSentence(unit, following, {
        sessionsAfter,
        rota,
        anchor,
        aside,
        // An item's own label heads all its sentences, before any heading above the list.
        heading: line.name ?? (preferBelow ? null : (heading?.text ?? null)),
        headingDated: heading?.dated ?? false,
        headingLine: heading?.line ?? null,
        links: linksNear(line, next, context),
        below: below && !below.includes("|") ? below : null,
        belowDetail: card ? next!.text : below && afterBelow && !isHeadingLike(afterBelow) ? afterBelow.text : null,
        wholeLine: line.text,
        preceding,
        lineName: line.name ?? null,
        source: line.source ?? line.text,
        // The layout names the line's first sentence; a later one may name an event of its own.
        name: sentenceIndex === 0 ? (line.name ?? null) : null,
        context,
      });
      for (const d of findDates(sentence, scanOf(context))) {
        if (!d.relative && !d.bareWeekday && compareDays(d.start, context.reference) >= 0) anchor = d.start;
      }
      for (const c of made) {
        // "The campout is Saturday and Sunday. We meet Saturday at 8 and return Sunday around 2."
        const span = out.find((p) => p.lastDay && !p.series && !p.monthEvent && !c.series && !c.lastDay && !isListItem(sentence) &&
          compareDays(c.date, p.date) >= 0 && compareDays(c.date, p.lastDay) <= 0);
        if (span) {
          if (compareDays(c.date, span.date) === 0 && c.startTime && !span.startTime) span.startTime = c.startTime;
          if (compareDays(c.date, span.lastDay!) === 0 && (c.endTime ?? c.startTime) && span.startTime) span.endTime = c.endTime ?? null;
          if (compareDays(c.date, span.lastDay!) === 0 && !c.startTime && c.endOnly && span.startTime) span.endTime = c.endOnly;
          continue;
        }
        // The same date again in the prose under a card's heading line is the card's event.
        // "Matinee showings are on …" under the play's own dated line: the play's showings.
        const headlineName = lastLineCandidates.find((p) => !p.series)?.title;
        if (headlineName && OCCURRENCE_ONLY.test(c.title) && !line.item) c.title = headlineName;
        // An event with a name of its own, unlike the headline's, is not the headline told again.
        const ownName = hasEventNoun(c.title);
        const twin = lastLineCandidates.find(
          (p) => compareDays(p.date, c.date) === 0 && !p.series && !c.series && !line.item && !/^\s*(?:[•*–-]|\d)/.test(sentence) &&
            (!ownName || sharesName(p.title, c.title)) && sameLastDay(p, c),
        );
        if (twin) {
          for (const t of c.tags) twin.tags.add(t);
          twin.description = describe([twin.description, sentence]);
          if (!twin.startTime && c.startTime) {
            twin.startTime = c.startTime;
            twin.endTime = c.endTime;
          }
          continue;
        }
        lineCandidates.push(c);
        out.push(c);
      }
    });
    lastLineCandidates = lineCandidates.length && isHeadingLike(line) ? lineCandidates : [];
  });
  return out;
}

/** The label a list line leads with when it says only for whom ("Under 9s & 10s – …", "Grade 3: …"). */
function audienceLabel(text: string): string | null {
  const label = /^\s*(?:[•*·▪►✓-]\s*)?([^–:|(]{2,40}?)\s*(?:[–:|]|\s-\s)/.exec(text)?.[1]?.trim();
  return label && AUDIENCE.test(label) ? label : null;
}

function rowCandidate(
  row: ReturnType<typeof readRow>,
  lineText: string,
  context: PassageContext,
  sportsTable: boolean,
): Candidate | null {
  if (row.skip && !row.bye) return null;
  const dates = findDates(row.dateText, scanOf(context));
  const date = dates[0];
  if (!date) return null;
  const times = row.tentative ? [] : findTimes(row.timeText || lineText);
  const { start, end } = pickTime(times, null);
  const tags = new Set<Tag>(tagsFor(`${row.title} ${row.cells.join(" ")}`));
  if (sportsTable || row.isGame) tags.add("sports");
  if (row.tentative) tags.add("tentative");
  tags.delete("cancel");
  if (row.bye) tags.add("cancel");
  return {
    title: shortTitle(row.bye ?? row.title),
    description: describe([row.cells.filter(Boolean).join(" | ")]),
    date: date.start,
    lastDay: date.end,
    startTime: row.tentative ? null : start,
    endTime: row.tentative ? null : end,
    tags,
    location: row.location,
    series: null,
    segment: context.segment,
    origin: context.origin,
    source: lineText,
    evidence: { listed: true, named: true, sentence: lineText },
    ...(row.bye ? { bye: true } : {}),
  };
}

interface SentenceContext {
  /** Sessions listed after the sentence ("Act 1: … 10:30", "Grades 4-6 practice from 7"), each its own event. */
  sessionsAfter: () => Session[];
  /** The block is a weekday rota ("Monday: soup", "Wed: Kevin drives"), not dated events. */
  rota: boolean;
  /** The last written date of the block, for "Pool play starts Friday". */
  anchor: CalendarDay | null;
  /** Date-free sentences after this one on the same line: their words tag the event. */
  aside: string;
  heading: string | null;
  /** The heading is itself a dated line (a card title such as "Holiday Shop — Dec 8–10"). */
  headingDated: boolean;
  /** The heading's whole line, for the hours it gives the dates listed under it. */
  headingLine: string | null;
  /** The https links of this line and of a date-free line right under it ("Sign up: https://…"). */
  links: string[];
  below: string | null;
  belowDetail: string | null;
  wholeLine: string;
  /** The name the layout gives the whole line, for its later sentences. */
  lineName: string | null;
  /** The line or lines as written, kept with each event read from them. */
  source: string;
  /** Up to three sentences before this one in its block, nearest first. */
  preceding: string[];
  /** The name the block's layout gives this line's event (`structure.ts`); it wins over the sentence's words. */
  name: string | null;
  context: PassageContext;
}

function readSentence(unit: Unit, following: string[], s: SentenceContext): Candidate[] {
  const { context } = s;
  if (isHoursOrMenu(unit.text) || isDayAsUsual(unit.text) || isPromiseToWrite(unit.text)) return [];
  // "Monday the 4th is Founders' Day. Classes run as normal.": the day is named only to say nothing changes.
  if (following[0] && OPEN_AS_USUAL.test(following[0].trim())) return [];
  if (TAKES_EFFECT.test(unit.text) || ELIGIBILITY.test(unit.text) || STAFF_DUTY.test(unit.text) || SENT_HOME.test(unit.text)) return [];
  const nextWeek = /\bnext week\b|\bla semaine prochaine\b/i.test(s.wholeLine);
  const sentence = withoutDateStamps(unit.text, context.reference);
  // "…the bus leaves Friday (edited Tue 9th March)": the weekday counts from when it was written.
  const written = sentence === unit.text ? null : stampOf(unit.text, context.reference);
  let dates = dedupeSameDay(findDates(sentence, { ...scanOf(context), nextWeek, weekdayAnchor: written ?? s.anchor }), sentence);
  if (dates.length === 0) return [];
  dates = weeksOf(sentence, dates);
  const recap = isRecapSentence(sentence);
  if (recap) {
    // A thank-you for a past event; only a date clearly ahead survives ("…see you at the spring fair, May 2").
    dates = dates.filter((d) => !d.relative && !/\b(?:was|were|last)\b[^.]{0,30}$/i.test(sentence.slice(0, d.index)));
    if (/\bthank/i.test(sentence)) dates = dates.filter((d) => /\b(?:next|upcoming|coming|see you|join us)\b/i.test(sentence.slice(0, d.index)));
    if (dates.length === 0) return [];
  }

  // "…need the gym on December 5, so the Invitational is now on Saturday, December 12."
  const cue = RESCHEDULE_CUE.exec(sentence);
  let rescheduled = false;
  if (cue) {
    const after = dates.filter((d) => d.index > cue.index);
    if (after.length && after.length < dates.length) dates = after;
    rescheduled = after.length > 0 || /\brescheduled\b/i.test(cue[0]);
  }

  const timesInSentence = findTimes(maskRanges(sentence, dates));
  const series = readSeries(sentence, dates, context.reference, timesInSentence.length > 0) ?? listedSeries(dates);
  if (series) return seriesCandidates(series, sentence, timesInSentence, unit, following, s);

  const duration = findDuration(sentence);
  const parts = clauses(sentence, dates);
  const dateList = isDateList(sentence, dates);
  const sharedTimes = dateList ? timesAfterDateList(sentence, dates) : null;
  const out: Candidate[] = [];
  let previousTitle: string | null = null;
  parts.forEach((part, partIndex) => {
    const date = part.dates[0]!;
    // "Feb 24 and 25 are now full days of school, and March 13 …": each clause says its own thing.
    if (parts.length > 1 && (isDayAsUsual(part.text) || FORMER_PLAN.test(part.text))) return;
    if (FORMER_PLAN.test(part.text) && !RESCHEDULE_CUE.test(sentence)) return;
    // "Back-up sports day if the weather is poor on 21st June": the date of the event it stands in for.
    if (partIndex > 0 && /\b(?:if|in case|should)\b[^.;|]{0,50}$/i.test(sentence.slice(0, part.offset + date.index))) return;
    const maskedDates = maskRanges(part.text, part.dates);
    let times = findTimes(maskedDates);
    if (!times.some((t) => t.start) && sharedTimes) times = sharedTimes;
    if (isTimeChoice(maskedDates, times)) times = [];
    const tbd = TO_BE_DECIDED.test(part.text);
    const textBefore = sentence.slice(0, part.offset + date.index);
    // "due to the weather" gives a reason, not a deadline ("due to Coach Kara" still is one).
    const isDeadline = BY_ACTION.test(textBefore) || tagsFor(part.text).includes("deadline") && /\b(?:due|deadline|date limite)\b/i.test(part.text);
    const othersAlternate = parts.every((p, i) => i === 0 || ALTERNATE_DATE.test(p.text));
    // Sessions listed after the sentence keep their own hours: none of them is the event's.
    if (!times.some((t) => t.start) && partIndex === 0 && othersAlternate && !isDeadline && !tbd && !s.sessionsAfter().length) {
      // "We'll leave right after attendance (around 9:00)", "Check-in opens at 8:00 a.m."
      for (const next of following) {
        if (findDates(next, scanOf(context)).some((d) => !d.bareWeekday)) break;
        const found = findTimes(next);
        if (found.some((t) => t.start)) {
          // Hours to choose from, or another event's hours ("Grades 4-6 practice from 7"), are not this one's.
          if (!isTimeChoice(next, found) && !namesOtherEvent(next, sentence)) times = found;
          break;
        }
      }
      // "Conference days (Wednesdays, 3:00 – 7:00 p.m.)" over "- September 25", "- December 11": the heading's hours.
      if (!times.some((t) => t.start) && s.headingLine && bulleted(s.wholeLine) && isDateOnly(s.wholeLine, context)) {
        const headingTimes = findTimes(maskRanges(s.headingLine, findDates(s.headingLine, scanOf(context))));
        if (!isTimeChoice(s.headingLine, headingTimes)) times = headingTimes;
      }
    }
    let { start, end } = tbd ? { start: null, end: null } : pickTime(times, duration, Boolean(date.end));
    if (start && !end && partIndex === parts.length - 1 && following[0] && !findDates(following[0], scanOf(context)).length) {
      // "We'll go until 8." – the end in the next sentence.
      const later = findTimes(following[0]).find((t) => t.endOnly)?.end;
      // "until 8" after a 6:30 pm start is 8 pm.
      const laterEnd = later && later.hour < start.hour && later.hour + 12 < 24 ? { hour: later.hour + 12, minute: later.minute } : later;
      if (laterEnd && laterEnd.hour * 60 + laterEnd.minute > start.hour * 60 + start.minute) end = laterEnd;
    }

    const masked = maskMentions(part.text, part.dates, findTimes(maskedDates));
    let title = s.name ? shortTitle(s.name) : titleFromMention(masked);
    if (POINTER_TITLE.test(title)) title = pointedAt(title, s);
    // "Winter Break: Rest up! The school is closed from …": a later sentence that names no event keeps the item's name.
    if (!s.name && s.lineName && !hasEventNoun(title)) title = s.lineName;
    // "Ada Brook is visiting…" under "Poetry evening with Ada Brook": the heading names the same thing as an event.
    if (!s.name && title && !hasEventNoun(title) && s.heading && !s.headingDated && hasEventNoun(s.heading) && namedWithin(title, s.heading)) title = s.heading;
    // "Two sittings are planned…" under "Spring concert": the sittings are the concert's.
    if (!s.name && OCCURRENCE_ONLY.test(title) && s.heading && hasEventNoun(s.heading) && !OCCURRENCE_ONLY.test(s.heading)) title = s.heading;
    const alternate = ALTERNATE_DATE.exec(part.text);
    let usedHeading = false;
    if (alternate && partIndex > 0) {
      const base = previousTitle ?? s.heading ?? "";
      title = base ? `${base} – ${alternate[0].toLowerCase()}` : shortTitle(alternate[0]);
    } else if (partIndex > 0 && previousTitle && (!title || !hasEventNoun(title) || dateList)) {
      // "…the gradings on Saturday 3rd & 10th run as planned, at the hours on your card": one name for the list.
      title = previousTitle;
    }
    if (!title || CHATTER_TITLE.test(title) || isBareWord(title)) {
      if (parts.length > 1 && partIndex === 0) title = titleFromMention(maskMentions(sentence, dates, timesInSentence));
    }
    const fallback = s.heading ?? s.below ?? "";
    // A newsletter's section name ("Important announcements") names none of its items: a status title is better.
    const fallbackNames = Boolean(fallback) && !PUBLICATION_TITLE.test(fallback);
    if (!s.name && (!title || CHATTER_TITLE.test(title) || isBareWord(title) || (s.heading && isOnlyWhereOrStatus(title) && fallbackNames))) {
      title = fallback;
      usedHeading = Boolean(title);
    }
    if (!title && context.subject && parts.length === 1 && !date.bareWeekday) {
      title = subjectTitle(context);
      usedHeading = true;
    }
    if (!title || CHATTER_TITLE.test(title) || PUBLICATION_TITLE.test(title)) return;
    // "U11s and U12s – Saturday 19 June" under "Summer tag tournament": the tournament, for them.
    const audience = usedHeading ? audienceLabel(part.text) : null;
    if (audience && !title.toLowerCase().includes(audience.toLowerCase())) title = `${title} – ${audience}`;
    title = nameAmountDue(title);
    // A bare "Sat" or "this Friday" without an event word is usually chatter.
    // "Here's the info for tomorrow", "See you Monday": a relative day without an event word is chatter.
    if ((date.bareWeekday || date.relative) && !hasEventNoun(`${title} ${part.text}`) && !isDeadline && !start && !tbd) return;
    if (date.bareWeekday && s.rota) return;
    previousTitle = title;

    const ownWords = `${title} ${part.text}`;
    const tags = new Set<Tag>(tagsFor(`${ownWords} ${parts.length === 1 ? s.aside : ""} ${usedHeading || s.headingDated ? "" : (s.heading ?? "")}`));
    const status = tagsFor(parts.length === 1 ? sentence : part.text);
    for (const t of ["cancel", "reschedule", "update"] as const) {
      if (status.includes(t)) tags.add(t);
    }
    if (isDeadline) tags.add("deadline");
    if (tbd || alternate || CONTINGENCY.test(part.text)) tags.add("tentative");
    if (rescheduled) {
      tags.add("reschedule");
      tags.delete("cancel");
    }
    if (NO_SESSION.test(part.text) && !/\bno school\b/i.test(part.text)) tags.add("cancel");
    if (!rescheduled && /\bpostponed\b/i.test(sentence) && !tags.has("reschedule")) tags.add("cancel");
    if (date.end && tags.has("deadline") && !/\bdue\b/i.test(part.text)) tags.delete("deadline");

    const detail = usedHeading && s.below === title ? s.belowDetail : null;
    out.push({
      title,
      description: describe([s.heading && !usedHeading ? s.heading : null, usedHeading ? title : null, sentence, detail]),
      date: date.start,
      lastDay: date.end,
      startTime: date.openStart && !start ? null : start,
      endTime: start ? end : null,
      tags,
      location: findLocation(part.text) ?? findLocation(sentence),
      series: null,
      endOnly: start ? null : (times.find((t) => t.endOnly)?.end ?? null),
      segment: context.segment,
      origin: context.origin,
      link: linkIn(sentence) ?? (parts.length === 1 ? (s.links[0] ?? null) : null),
      source: s.source,
      evidence: {
        named: Boolean(s.name),
        borrowedTitle: usedHeading,
        relativeDate: date.relative,
        bareWeekday: date.bareWeekday,
        listed: bulleted(s.wholeLine) || Boolean(s.name),
        datesInSentence: dates.length,
        sentence,
      },
    });
  });
  const only = out.length === 1 ? out[0]! : null;
  if (only && !only.startTime && !only.lastDay && s.sessionsAfter().length) return splitIntoSessions(only, s.sessionsAfter());
  return out;
}

/**
 * "The remaining dates are January 12th and March 23rd": the event is the one the
 * sentences just before name, else the heading's, else the pointer as written.
 */
function pointedAt(title: string, s: SentenceContext): string {
  for (const sentence of s.preceding) {
    const phrase = eventNounPhrase(sentence);
    if (phrase && !POINTER_TITLE.test(phrase)) return phrase;
  }
  return s.heading ?? title;
}

// Letters on both sides, not \b: "publié" ends in a letter \b does not count as one.
const STAMP_WORD = /(?<!\p{L})(?:posted|published|updated|edit|edited|modified|revised|publiée?|mise? à jour|modifiée?|envoi)(?!\p{L})/iu;

/** The day a sentence's date stamp says it was written ("edited Tue 9th March"). */
function stampOf(sentence: string, reference: CalendarDay): CalendarDay | null {
  const stamp = findDates(sentence, { reference }).find((d) => isDateStamp(sentence.slice(0, d.index)) && !d.bareWeekday && !d.relative);
  if (!stamp) return null;
  // A stamp is written on or before the day the text is read: a yearless one later in the year is last year's.
  return compareDays(stamp.start, reference) > 0 ? { ...stamp.start, year: stamp.start.year - 1 } : stamp.start;
}

/** The sentence with its date stamps ("Updated (1/4 9:08 am):") blanked out, time and all. */
function withoutDateStamps(sentence: string, reference: CalendarDay): string {
  if (!STAMP_WORD.test(sentence)) return sentence;
  const stamps = findDates(sentence, { reference }).filter((d) => isDateStamp(sentence.slice(0, d.index)));
  if (stamps.length === 0) return sentence;
  return maskRanges(sentence, stamps.map((d) => {
    const time = /^[\s,]*(?:at\s*|@\s*|à\s*)?\d{1,2}(?:[:.h]\d{2}\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)\)?/i.exec(sentence.slice(d.index + d.length));
    return { index: d.index, length: d.length + (time?.[0].length ?? 0) };
  }));
}

/** The rest of the sentence's line, then the lines after it, up to the next one with a date (ten at most). */
function unitsUntilDated(restOfLine: string[], later: TextLine[], context: PassageContext): string[] {
  const units: string[] = [];
  for (const unit of [...restOfLine, ...later.map((l) => l.text)]) {
    if (units.length === 10 || findDates(unit, scanOf(context)).some((d) => !d.bareWeekday)) break;
    units.push(unit);
  }
  return units;
}

/** One day of a span is a part of it, not the span told again. */
function sameLastDay(a: Candidate, b: Candidate): boolean {
  return a.lastDay === null ? b.lastDay === null : b.lastDay !== null && compareDays(a.lastDay, b.lastDay) === 0;
}

/** The next sentence speaks of an event of its own ("Grades 4-6 practice from 7:00"), one this sentence does not name. */
function namesOtherEvent(next: string, sentence: string): boolean {
  const noun = /\b(practices?|games?|rehearsals?|classes|lessons?|meetings?|sessions?|matches|concerts?|shows?)\b/i.exec(next);
  return Boolean(noun) && !new RegExp(`\\b${noun![1]!.replace(/(?:es|s)$/i, "")}`, "i").test(sentence);
}

/**
 * "In the gym", "at Lakeside Park": where it is; "schools closed", "no school":
 * what it means for the day. Under a card's heading, the heading names it.
 */
function isOnlyWhereOrStatus(title: string): boolean {
  return /^(?:in|at|on|@|au|à|dans)\s+\S/i.test(title) || /^(?:(?:all\s+)?schools?\s+(?:are\s+|is\s+)?closed|no school|closed|cancell?ed|postponed)$/i.test(title.trim());
}

/** "Saturdays", "Tuesdays & Thursdays": days, not the name of what happens on them. */
const ONLY_DAYS = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|[\s,&/]|and)+$/i;

function isBareWord(title: string): boolean {
  return /^(?:on|at|by|from|the|and|or|le|du|au|this|next|until|starting)$/i.test(title.trim()) || title.trim().length < 3;
}

function seriesCandidates(
  series: NonNullable<ReturnType<typeof readSeries>>,
  sentence: string,
  times: TimeMention[],
  unit: Unit,
  following: string[],
  s: SentenceContext,
): Candidate[] {
  const { context } = s;
  const { start, end } = isTimeChoice(maskRanges(sentence, series.bounds), times) ? { start: null, end: null } : pickTime(times, findDuration(sentence));
  // "(no camp on July 4th)" says what is missing from the series, not what it is.
  const masked = maskMentions(sentence, [...series.bounds, ...series.exceptions], times).replace(/\(\s*(?:no|except|sauf|pas de)\b[^)]*\)/gi, " ");
  let title = s.name ? shortTitle(s.name) : titleFromMention(masked);
  if (POINTER_TITLE.test(title)) title = pointedAt(title, s);
  if (!title || CHATTER_TITLE.test(title) || ONLY_DAYS.test(title)) title = s.heading ?? shortTitle(context.subject ?? "") ?? "";
  if (!title) return [];
  const tags = new Set<Tag>(tagsFor(`${title} ${sentence} ${s.heading ?? ""}`));
  tags.delete("cancel");
  tags.delete("deadline");
  const out: Candidate[] = [
    {
      title,
      description: describe([s.heading, sentence]),
      date: series.first,
      lastDay: null,
      startTime: start,
      endTime: start ? end : null,
      tags,
      location: findLocation(sentence),
      series: { byDay: series.byDay, last: series.last },
      segment: context.segment,
      origin: context.origin,
      link: linkIn(sentence) ?? s.links[0] ?? null,
      source: s.source,
      evidence: { named: Boolean(s.name), listed: bulleted(s.wholeLine), datesInSentence: series.bounds.length, sentence },
    },
  ];
  if (!start && s.sessionsAfter().length) out.splice(0, 1, ...splitIntoSessions(out[0]!, s.sessionsAfter()));
  // "(no practice Oct 12)" in the same sentence: its own all-day cancel event.
  for (const exception of series.exceptions) {
    out.push({
      title: `No ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
      description: describe([sentence]),
      date: exception.start,
      lastDay: exception.end,
      startTime: null,
      endTime: null,
      tags: new Set<Tag>(["cancel", ...[...tags].filter((t) => t !== "cancel")]),
      location: null,
      series: null,
      segment: context.segment,
      origin: context.origin,
      source: s.source,
    });
  }
  void unit;
  void following;
  return out;
}

export function linesFromText(text: string): TextLine[] {
  return text.split("\n").map((t) => ({ text: normaliseLine(t) === "" ? "" : t, heading: false }));
}
