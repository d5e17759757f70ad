/**
 * Calendar files as they come, made readable for ical.js. Real exports break
 * the grammar in a handful of recurring ways, and one broken line must not
 * lose the whole file: each repair here names the breakage it mends. What no
 * repair mends is dropped a line (or, at worst, an event) at a time.
 */
import ICAL from "ical.js";

/** RFC 5545 §3.1: a line starting with a space or tab continues the one before. */
function unfold(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").replace(/\n[ \t]/g, "").split("\n");
}

/** Exchange: `DTSTART;TZID="W. Europe Standard Time:20200609T090000"` (the quote swallows the value). */
function mendSwallowedValue(line: string): string {
  return line.replace(/^([^:"]*;TZID=)"([^":]*):(\d{8}(?:T\d{6}Z?)?)"\s*$/i, '$1"$2":$3');
}

/**
 * RRULE values: a doubled name ("RRULE:RRULE:AnythingRandom;FREQ=…"), parts that
 * are not NAME=VALUE, and spaces inside lists ("BYDAY=MO, TU" from Exchange CDO).
 */
function mendRule(line: string): string {
  const m = /^((?:RRULE|EXRULE)(?:;[^:]*)?):(.*)$/i.exec(line);
  if (!m) return line;
  const parts = m[2]!
    .replace(/^(?:RRULE:)+/i, "")
    .replace(/\s+/g, "")
    .split(";")
    .filter((part) => /^[A-Z]+=[^=]+$/i.test(part));
  return `${m[1]!.split(";")[0]}:${parts.join(";")}`;
}

const DATE_PROPERTIES = /^(DTSTART|DTEND|DUE|RECURRENCE-ID|RDATE|EXDATE)/i;

/**
 * Date values written against the grammar: VALUE=DATE with a time (a festival
 * export), a bare date with no VALUE=DATE (Apple iCal 1.0), a date with a
 * stray "Z" (Google birthdays' RDATEs).
 */
function mendDateValue(line: string): string {
  if (!DATE_PROPERTIES.test(line)) return line;
  const colon = line.search(/:(?=[^"]*$)/);
  if (colon < 0) return line;
  let head = line.slice(0, colon);
  const values = line.slice(colon + 1).replace(/\b(\d{8})Z\b/g, "$1");
  const dates = values.split(",").every((v) => /^\d{8}$/.test(v));
  const declaredDate = /;VALUE=DATE(?=;|$)/i.test(head);
  if (declaredDate && !dates && /^\d{8}T\d{6}Z?(,|$)/.test(values)) head = head.replace(/;VALUE=DATE(?=;|$)/i, "");
  if (!declaredDate && dates) head = `${head};VALUE=DATE`;
  return `${head}:${values}`;
}

/** BEGIN/END that pair up: stray ENDs dropped, missing ones added at the end. */
function balance(lines: string[]): string[] {
  const open: string[] = [];
  const out: string[] = [];
  for (const line of lines) {
    const begin = /^BEGIN:(.+)$/i.exec(line);
    const end = /^END:(.+)$/i.exec(line);
    if (begin) open.push(begin[1]!.trim().toUpperCase());
    if (end) {
      const name = end[1]!.trim().toUpperCase();
      if (!open.includes(name)) continue;
      while (open.at(-1) !== name) out.push(`END:${open.pop()}`);
      open.pop();
    }
    out.push(line);
  }
  while (open.length) out.push(`END:${open.pop()}`);
  return out;
}

/** The file's lines, each repaired where a known breakage applies; blank and nameless lines dropped. */
export function repairedLines(text: string): string[] {
  const lines = unfold(text.replace(/^\uFEFF/, ""))
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => /^[A-Za-z0-9-]+[;:]/.test(line))
    .map((line) => mendDateValue(mendRule(mendSwallowedValue(line))));
  return balance(lines);
}

function tryParse(lines: string[]): ICAL.Component | null {
  try {
    const parsed = ICAL.parse(`${lines.join("\r\n")}\r\n`) as unknown[];
    // Several top-level components (rare): the first calendar is the file.
    const jcal = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    if (jcal[0] !== "vcalendar") return null;
    return new ICAL.Component(jcal as unknown[]);
  } catch {
    return null;
  }
}

const CALENDAR = ["BEGIN:VCALENDAR", "END:VCALENDAR"] as const;

function parsedEvent(lines: string[]): ICAL.Component | null {
  return tryParse([CALENDAR[0], ...lines, CALENDAR[1]])?.getFirstSubcomponent("vevent") ?? null;
}

/** An event block that fails as a whole, without the property lines that fail on their own. */
function readableEvent(block: string[]): ICAL.Component | null {
  const whole = parsedEvent(block);
  if (whole) return whole;
  const readable = block.filter(
    (line, i) => i === 0 || i === block.length - 1 || /^(BEGIN|END):/i.test(line) || parsedEvent(["BEGIN:VEVENT", line, "END:VEVENT"]),
  );
  return parsedEvent(readable);
}

/**
 * Properties whose values ical.js only decodes when asked (an EXDATE like
 * "20200116T") would throw in the middle of an expansion: they go before it.
 * Call it once the calendar's zones are registered: values are decoded once.
 */
export function dropUndecodable(calendar: ICAL.Component): void {
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    for (const property of vevent.getAllProperties()) {
      try {
        property.getValues();
      } catch {
        vevent.removeProperty(property);
      }
    }
  }
}

/**
 * The calendar in a file, read as far as it can be: the whole file when it
 * parses after repairs, else every event that can be read on its own.
 */
export function readCalendar(text: string): ICAL.Component | null {
  const lines = repairedLines(text);
  let calendar = tryParse(lines);
  if (!calendar) {
    // Rebuild the calendar from its parts: zones and events, each given its own chance.
    calendar = tryParse([...CALENDAR]);
    if (!calendar) return null;
    const blocks = componentBlocks(lines);
    const zones = blocks.filter((b) => /^BEGIN:VTIMEZONE$/i.test(b[0]!));
    for (const zone of zones) {
      const parsed = tryParse([CALENDAR[0], ...zone, CALENDAR[1]])?.getFirstSubcomponent("vtimezone");
      if (parsed) calendar.addSubcomponent(parsed);
    }
    for (const block of blocks.filter((b) => /^BEGIN:VEVENT$/i.test(b[0]!))) {
      const event = readableEvent(block);
      if (event) calendar.addSubcomponent(event);
    }
    for (const line of lines.filter((l) => /^METHOD:/i.test(l))) calendar.addPropertyWithValue("method", line.slice(7));
  }
  return calendar;
}

/** Top-level VEVENT and VTIMEZONE blocks of a calendar's lines, nested parts (VALARM, STANDARD) kept inside. */
function componentBlocks(lines: string[]): string[][] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  let depth = 0;
  for (const line of lines) {
    if (/^BEGIN:(VEVENT|VTIMEZONE)$/i.test(line) && depth === 0) {
      current = [];
    }
    if (current) {
      current.push(line);
      if (/^BEGIN:/i.test(line)) depth++;
      if (/^END:/i.test(line)) depth--;
      if (depth === 0) {
        blocks.push(current);
        current = null;
      }
    }
  }
  return blocks;
}
