/**
 * A parent's calendar feed out as iCalendar (RFC 5545), written with ical.js:
 * the events the feed shows (hidden ones left out), children's first names in
 * the title, a stable UID and a SEQUENCE that rises with every change.
 *
 * What a calendar shows must be what Cubby's feed shows. A series is written
 * as its rule (RRULE) in the parent's zone, then made exact against the
 * feed's own copies (expandRange) up to the horizon: EXDATE for instances the
 * rule gives and the feed does not, RDATE for copies the rule does not give,
 * and an override (RECURRENCE-ID) for a copy that differs, such as a
 * cancelled one. Single events are written in UTC (ADR 014).
 */
import ICAL from "ical.js";
import { isShown, type FeedEvent } from "~/lib/event";
import { taggedChildren } from "~/lib/event-children";
import { addDays } from "~/lib/calendar-day";
import { EXPANSION_HORIZON_DAYS, expandRange } from "~/lib/feed/expand";
import { toItem, type FeedClock, type FeedItem } from "~/lib/feed/item";
import { localDate, wallClock, zonedInstant } from "~/lib/time-zone";
import { zoneComponent } from "./zone";

/** Days after today through which a series is made exact: the feed's own expansion horizon (ADR 013). */
export const FEED_HORIZON_DAYS = EXPANSION_HORIZON_DAYS;
/** A stop for a rule that would run on past the horizon without ever reaching it. */
const MAX_INSTANCES = 5000;
/** The VTIMEZONE reaches this many years back from today at most: single events are in UTC, only series need it. */
const ZONE_YEARS_BACK = 5;

export interface FeedOutEvent extends FeedEvent {
  /** events.sequence: raised on every change. */
  sequence: number;
  /** The last change (ISO instant); null when never changed. */
  updatedAt: string | null;
}

export interface FeedOutChild {
  _id: string;
  firstName: string;
}

export interface FeedOutInput {
  events: readonly FeedOutEvent[];
  /** The parent's children, in the order they were added. */
  children: readonly FeedOutChild[];
  clock: FeedClock;
}

/** The last day ('YYYY-MM-DD') through which series are made exact. */
export function horizonEnd(clock: FeedClock): string {
  return addDays(clock.today, FEED_HORIZON_DAYS);
}

/** The feed's own copies of an event through the horizon: what the calendar has to show. */
export function feedCopies(event: FeedEvent, clock: FeedClock): FeedItem[] {
  const last = horizonEnd(clock);
  return expandRange(toItem(event, clock), clock).filter((copy) => copy.day <= last);
}

interface Writer {
  timeZone: string;
  zone: ICAL.Timezone;
  /** horizonEnd() */
  last: string;
  children: readonly FeedOutChild[];
}

// --- values ---

function dateValue(day: string): ICAL.Time {
  return ICAL.Time.fromDateString(day);
}

function utcValue(ms: number): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(ms), true);
}

/** A wall-clock reading ('YYYY-MM-DDTHH:mm:ss') in the parent's zone, written with its TZID. */
function zonedValue(local: string, w: Writer): ICAL.Time {
  const time = ICAL.Time.fromDateTimeString(local);
  time.zone = w.zone;
  return time;
}

/** A series instance's key: its local wall clock when timed, its day when all-day. */
function instanceKey(item: FeedItem, w: Writer): string {
  return item.dateTime ? wallClock(new Date(item.startMs), w.timeZone) : item.day;
}

function keyValue(key: string, w: Writer): ICAL.Time {
  return key.length === 10 ? dateValue(key) : zonedValue(key, w);
}

function addTime(component: ICAL.Component, name: string, value: ICAL.Time, w: Writer) {
  const property = new ICAL.Property(name);
  property.setValue(value);
  if (value.zone === w.zone) property.setParameter("tzid", w.timeZone);
  component.addProperty(property);
}

// --- what every VEVENT says ---

function isWebAddress(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** The event's own link, else the web page a mention came from. */
function sourceLink(event: FeedEvent): string | null {
  const pages = event.mentions.filter((m) => m.sourceType === "url").map((m) => m.sourceURL);
  return [event.hyperlink, ...pages].find(isWebAddress) ?? null;
}

/** "Soccer practice (Maya, Leo)": the children in the order the parent added them. */
function title(name: string, event: FeedEvent, w: Writer): string {
  const names = taggedChildren(event.taggedPeople, w.children).map((child) => child.firstName);
  return names.length ? `${name} (${names.join(", ")})` : name;
}

function status(item: FeedItem): string {
  if (item.cancel) return "CANCELLED";
  return item.tentative ? "TENTATIVE" : "CONFIRMED";
}

function describeEvent(vevent: ICAL.Component, event: FeedOutEvent, item: FeedItem, w: Writer) {
  const changed = Date.parse(event.updatedAt ?? event.createdAt);
  vevent.addPropertyWithValue("uid", `${event.id}@cubby`);
  vevent.addPropertyWithValue("dtstamp", utcValue(changed));
  vevent.addPropertyWithValue("created", utcValue(Date.parse(event.createdAt)));
  vevent.addPropertyWithValue("last-modified", utcValue(changed));
  vevent.addPropertyWithValue("sequence", event.sequence);
  vevent.addPropertyWithValue("summary", title(item.eventName, event, w));
  vevent.addPropertyWithValue("status", status(item));
  const place = event.locationObject?.streetAddress || event.location;
  if (place) vevent.addPropertyWithValue("location", place);
  if (event.description) vevent.addPropertyWithValue("description", event.description);
  const link = sourceLink(event);
  if (link) vevent.addPropertyWithValue("url", link);
}

// --- one VEVENT: a single event, or an all-day range without recurrence (a 3-day camp) ---

function lastDay(item: FeedItem): string {
  const last = (item.range && item.endRange?.slice(0, 10)) || item.endDay;
  return last > item.day ? last : item.day;
}

function endMs(item: FeedItem): number | null {
  const end = item.end && item.dateTime ? Date.parse(item.end) : Number.NaN;
  return end > item.startMs ? end : null;
}

function single(event: FeedOutEvent, item: FeedItem, w: Writer): ICAL.Component {
  const vevent = new ICAL.Component("vevent");
  describeEvent(vevent, event, item, w);
  if (item.dateTime) {
    addTime(vevent, "dtstart", utcValue(item.startMs), w);
    const end = endMs(item);
    if (end !== null) addTime(vevent, "dtend", utcValue(end), w);
  } else {
    addTime(vevent, "dtstart", dateValue(item.day), w);
    // All-day DTEND is the day after the last.
    addTime(vevent, "dtend", dateValue(addDays(lastDay(item), 1)), w);
  }
  return vevent;
}

// --- a series ---

const FREQUENCIES = new Set(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]);
const DAY_CODE = /^(MO|TU|WE|TH|FR|SA|SU)$/;

/** The calendar file's rule as written, else one made from the recurrence (a timed range without one repeats daily). */
function seriesRule(item: FeedItem): ICAL.Recur {
  const written = item.recurrence?.rule;
  if (written) {
    try {
      return ICAL.Recur.fromString(written);
    } catch {
      // Unreadable: the recurrence below says the same in Cubby's terms.
    }
  }
  const frequency = item.recurrence?.frequency.toUpperCase() ?? "DAILY";
  const freq = FREQUENCIES.has(frequency) ? frequency : "DAILY";
  const parts = [`FREQ=${freq}`];
  const interval = item.recurrence?.interval ?? 1;
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  const byDay = (item.recurrence?.byDay ?? []).map((d) => d.toUpperCase()).filter((d) => DAY_CODE.test(d));
  if (freq === "WEEKLY" && byDay.length) parts.push(`BYDAY=${byDay.join(",")}`);
  const rule = ICAL.Recur.fromString(parts.join(";"));
  const last = item.endRange?.slice(0, 10) || (item.recurrence ? null : item.endDay);
  if (last) rule.until = dateValue(last);
  return rule;
}

/** UNTIL in the form RFC 5545 asks beside DTSTART: a date for all-day series, a UTC instant for zoned ones. */
function settleUntil(rule: ICAL.Recur, allDay: boolean, w: Writer) {
  const until = rule.until;
  if (!until) return;
  const utc = !until.isDate && until.zone?.tzid === "UTC";
  if (allDay) {
    const day = utc ? localDate(until.toUnixTime() * 1000, w.timeZone) : until.toString().slice(0, 10);
    rule.until = dateValue(day);
    return;
  }
  const local = until.isDate ? `${until.toString()}T23:59:59` : until.toString().slice(0, 19);
  rule.until = utcValue(utc ? until.toUnixTime() * 1000 : zonedInstant(local, w.timeZone).getTime());
}

/** The rule's instance keys from DTSTART through the horizon, as ical.js reads them. */
function ruleKeys(rule: ICAL.Recur, start: ICAL.Time, w: Writer): Set<string> {
  const end = start.isDate ? w.last : `${w.last}T23:59:59`;
  const iterator = rule.iterator(start);
  const keys = new Set<string>();
  for (let n = 0; n < MAX_INSTANCES; n++) {
    const next = iterator.next();
    const key = next?.toString();
    if (!key || key > end) break;
    keys.add(key);
  }
  return keys;
}

function durationOf(item: FeedItem): number {
  return item.dateTime && item.end ? Date.parse(item.end) - item.startMs : 0;
}

/** A copy that is not simply the series' instance: cancelled on its own, renamed or of another length. */
function differs(copy: FeedItem, item: FeedItem): boolean {
  return copy.cancel !== item.cancel || copy.eventName !== item.eventName || durationOf(copy) !== durationOf(item);
}

function setTimes(vevent: ICAL.Component, item: FeedItem, w: Writer) {
  if (item.dateTime) {
    addTime(vevent, "dtstart", zonedValue(instanceKey(item, w), w), w);
    const end = endMs(item);
    if (end !== null) addTime(vevent, "dtend", zonedValue(wallClock(new Date(end), w.timeZone), w), w);
  } else {
    addTime(vevent, "dtstart", dateValue(item.day), w);
    addTime(vevent, "dtend", dateValue(addDays(item.day, 1)), w);
  }
}

function series(event: FeedOutEvent, item: FeedItem, copies: FeedItem[], w: Writer): ICAL.Component[] {
  const master = new ICAL.Component("vevent");
  describeEvent(master, event, item, w);
  setTimes(master, item, w);
  const rule = seriesRule(item);
  settleUntil(rule, !item.dateTime, w);
  master.addPropertyWithValue("rrule", rule);

  const shown = new Map(copies.map((copy) => [instanceKey(copy, w), copy]));
  const given = ruleKeys(rule, keyValue(instanceKey(item, w), w), w);
  for (const key of given) if (!shown.has(key)) addTime(master, "exdate", keyValue(key, w), w);
  for (const key of shown.keys()) if (!given.has(key)) addTime(master, "rdate", keyValue(key, w), w);

  const overrides = [...shown].filter(([, copy]) => differs(copy, item));
  return [
    master,
    ...overrides.map(([key, copy]) => {
      const vevent = new ICAL.Component("vevent");
      describeEvent(vevent, event, copy, w);
      addTime(vevent, "recurrence-id", keyValue(key, w), w);
      setTimes(vevent, copy, w);
      return vevent;
    }),
  ];
}

function eventComponents(event: FeedOutEvent, clock: FeedClock, w: Writer): ICAL.Component[] {
  const item = toItem(event, clock);
  // A row whose start does not parse has no place on a calendar; the rest of the feed still goes out.
  if (Number.isNaN(item.startMs)) return [];
  const repeats = item.range && (item.recurrence || item.dateTime);
  return repeats ? series(event, item, feedCopies(event, clock), w) : [single(event, item, w)];
}

/** The years the VTIMEZONE covers: from the earliest series (at most a few years back) to a year past the horizon. */
function zoneYears(events: readonly FeedEvent[], clock: FeedClock): [number, number] {
  const thisYear = Number(clock.today.slice(0, 4));
  const starts = events.filter((e) => e.range).map((e) => Number(localDate(e.start, clock.timeZone).slice(0, 4)));
  const first = Math.max(Math.min(thisYear, ...starts), thisYear - ZONE_YEARS_BACK);
  return [first, Number(horizonEnd(clock).slice(0, 4)) + 1];
}

export function writeCalendar({ events, children, clock }: FeedOutInput): string {
  const visible = events.filter(isShown);
  const [fromYear, toYear] = zoneYears(visible, clock);
  const vtimezone = zoneComponent(clock.timeZone, fromYear, toYear);
  const w: Writer = { timeZone: clock.timeZone, zone: new ICAL.Timezone(vtimezone), last: horizonEnd(clock), children };

  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//Cubby//Calendar feed//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", "Cubby");
  calendar.addPropertyWithValue("x-wr-timezone", clock.timeZone);
  // How often subscribers should look again (RFC 7986, and Outlook's and Apple's older name).
  calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT1H"));
  calendar.addPropertyWithValue("x-published-ttl", "PT1H");
  calendar.addSubcomponent(vtimezone);
  for (const event of visible) {
    for (const vevent of eventComponents(event, clock, w)) calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}
