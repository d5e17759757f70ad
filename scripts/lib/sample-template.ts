/**
 * Sample e-mail templates (samples/inbox/*.eml) filled for one send. Dates in
 * the samples are written relative to the send, so the sample inbox reads as
 * upcoming school news on whatever day a newcomer runs it. The token language
 * is documented in samples/README.md:
 *
 *   {{sent}}                 the Date header value for the send time
 *   {{msgid}}                the Message-ID, <…@…>
 *   {{to}}                   the recipient (the parent's Cubby address)
 *   {{date:STEPS:FORMAT}}    a day counted from the send day, e.g. {{date:+5:dddd, MMMM D}}
 *   {{date:STEPS:FORMAT:fr}} the same in French
 *   {{encode:base64}} … {{/encode}}, {{encode:quoted-printable}} … {{/encode}}
 *                            a part body, filled first, then transfer-encoded
 *
 * STEPS is a chain of `+N`/`-N` (days), `+Nw`/`-Nw` (weeks), `>mon`…`>sun`
 * (forward to that weekday, or stay if already on it) and `>weekday` (forward
 * to a school day, Monday to Friday): `+1>tue+2` is the Thursday after the
 * first Tuesday after the send day.
 */
import { addDays, calendarDay, weekdayOf, type CalendarDay } from "../../app/lib/calendar-day";
import { formatDay, isWeekdayCode, onOrAfter, rfc2822, type Locale } from "./sample-dates";
import { base64Body, quotedPrintableBody } from "./transfer-encoding";

export interface SendDetails {
  /** When the mail is sent; the Date header and every relative date come from it. */
  sentAt: Date;
  /** The recipient address, e.g. maya@in.cubby.localhost. */
  to: string;
  /** The Message-ID, with or without angle brackets. */
  messageId: string;
  /** The zone the sender writes in (the parent's); default America/Toronto. */
  timeZone?: string;
}

export const DEFAULT_TIME_ZONE = "America/Toronto";

export class TemplateError extends Error {
  override name = "TemplateError";
}

const STEP = /([+-]\d+)(w?)|>(weekday|[a-z]{3})/gy;

/** Saturday and Sunday move on to Monday; school days stay. */
function schoolDayOnOrAfter(day: CalendarDay): CalendarDay {
  const weekday = weekdayOf(day);
  return weekday === 6 ? addDays(day, 2) : weekday === 0 ? addDays(day, 1) : day;
}

/** Applies a STEPS chain such as "+1>tue+2" to the send day. */
export function stepDays(sendDay: CalendarDay, steps: string): CalendarDay {
  let day = sendDay;
  STEP.lastIndex = 0;
  let consumed = 0;
  // "0" means the send day itself.
  if (steps === "0") return day;
  for (let match = STEP.exec(steps); match; match = STEP.exec(steps)) {
    const [whole, amount, weeks, weekday] = match;
    if (amount !== undefined) {
      day = addDays(day, Number(amount) * (weeks ? 7 : 1));
    } else if (weekday === "weekday") {
      day = schoolDayOnOrAfter(day);
    } else if (weekday !== undefined && isWeekdayCode(weekday)) {
      day = onOrAfter(day, weekday);
    } else {
      throw new TemplateError(`Unknown weekday "${weekday}" in date steps "${steps}" (use mon … sun or weekday).`);
    }
    consumed += whole.length;
  }
  if (consumed !== steps.length || steps.length === 0) {
    throw new TemplateError(`Cannot read date steps "${steps}"; write e.g. +5, -1, +2w or +1>tue+2.`);
  }
  return day;
}

function dateToken(body: string, sendDay: CalendarDay): string {
  // body is "STEPS:FORMAT" or "STEPS:FORMAT:LOCALE"; formats never contain ":".
  const [steps, format, locale = "en", ...rest] = body.split(":");
  if (!steps || !format || rest.length || (locale !== "en" && locale !== "fr")) {
    throw new TemplateError(`Cannot read {{date:${body}}}; write {{date:+5:dddd, MMMM D}} or add :fr for French.`);
  }
  return formatDay(stepDays(sendDay, steps), format, locale as Locale);
}

function angleBracketed(messageId: string): string {
  const bare = messageId.trim().replace(/^<|>$/g, "");
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(bare)) throw new TemplateError(`Not a Message-ID: ${messageId}`);
  return `<${bare}>`;
}

function fillTokens(template: string, send: Required<SendDetails>): string {
  const sendDay = calendarDay(send.sentAt, send.timeZone);
  return template.replace(/\{\{(?!encode:|\/encode)([^{}]*)\}\}/g, (_whole, inner: string) => {
    const token = inner.trim();
    if (token === "sent") return rfc2822(send.sentAt, send.timeZone);
    if (token === "msgid") return angleBracketed(send.messageId);
    if (token === "to") return send.to;
    if (token.startsWith("date:")) return dateToken(token.slice("date:".length), sendDay);
    throw new TemplateError(`Unknown template token {{${inner}}}.`);
  });
}

const ENCODED_PART = /\{\{encode:([a-z0-9-]+)\}\}\r?\n([\s\S]*?)\r?\n\{\{\/encode\}\}/g;

function encodeParts(text: string): string {
  return text.replace(ENCODED_PART, (_whole, encoding: string, body: string) => {
    if (encoding === "base64") return base64Body(`${body}\n`);
    if (encoding === "quoted-printable") return quotedPrintableBody(body);
    throw new TemplateError(`Unknown encoding {{encode:${encoding}}}; use base64 or quoted-printable.`);
  });
}

/**
 * Fills a sample template for one send and returns the raw RFC 822 message
 * (CRLF line endings). Pure: the same template and details give the same mail.
 */
export function fill(template: string, send: SendDetails): string {
  const details = { timeZone: DEFAULT_TIME_ZONE, ...send };
  const filled = encodeParts(fillTokens(template, details));
  const leftover = filled.match(/\{\{[^}]*\}\}/);
  if (leftover) throw new TemplateError(`Template token left unfilled: ${leftover[0]}.`);
  return filled.replace(/\r?\n/g, "\r\n");
}
