import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { feedEvent } from "~/lib/event.fixture";
import type { FeedClock } from "~/lib/feed/item";
import { copyOccurrences, readOccurrences } from "./round-trip.fixture";
import { feedCopies, horizonEnd, writeCalendar, type FeedOutEvent } from "./write";

const TZ = "America/Toronto";
/** Sunday 1 March 2026, noon in Toronto; daylight saving starts on 8 March and ends on 1 November. */
const clock: FeedClock = { timeZone: TZ, today: "2026-03-01", now: Date.parse("2026-03-01T17:00:00Z") };
const children = [
  { _id: "maya", firstName: "Maya" },
  { _id: "leo", firstName: "Leo" },
];

function event(over: Partial<FeedOutEvent> & Pick<FeedOutEvent, "id" | "eventName" | "start" | "dateTime">): FeedOutEvent {
  return { ...feedEvent({ createdAt: "2026-02-01T12:00:00.000Z", ...over }), sequence: over.sequence ?? 0, updatedAt: over.updatedAt ?? null };
}

const parentEvents: FeedOutEvent[] = [
  event({
    id: "night",
    eventName: "Parent-teacher night",
    start: "2026-03-12T23:30:00.000Z",
    end: "2026-03-13T01:00:00.000Z",
    dateTime: true,
    taggedPeople: ["leo", "maya"],
    location: "Oak Ridges Public School",
    description: "Book a slot with each teacher.",
    hyperlink: "https://oakridges.example.org/night",
  }),
  event({ id: "pa-day", eventName: "PA Day", start: "2026-03-13", dateTime: false, tags: ["no school"] }),
  event({
    id: "camp",
    eventName: "March break camp",
    start: "2026-03-16",
    end: "2026-03-18",
    dateTime: false,
    range: true,
    startRange: "2026-03-16",
    endRange: "2026-03-18",
  }),
  // Tuesdays and Thursdays at 4 pm, across the change to daylight saving time.
  event({
    id: "soccer",
    eventName: "Soccer practice",
    start: "2026-03-03T21:00:00.000Z",
    end: "2026-03-03T22:30:00.000Z",
    dateTime: true,
    range: true,
    startRange: "2026-03-03",
    endRange: "2026-05-28",
    recurrence: { frequency: "weekly", byDay: ["TU", "TH"] },
    taggedPeople: ["maya"],
  }),
  // Every other Saturday at 10 am, with no end.
  event({
    id: "swim",
    eventName: "Swim lessons",
    start: "2026-03-07T15:00:00.000Z",
    end: "2026-03-07T15:45:00.000Z",
    dateTime: true,
    range: true,
    startRange: "2026-03-07",
    endRange: null,
    recurrence: { frequency: "weekly", byDay: ["SA"], interval: 2 },
  }),
  // A calendar file's series: the first Tuesday of the month at 6 pm, the June one cancelled.
  event({
    id: "library",
    eventName: "Library club",
    start: "2026-03-03T23:00:00.000Z",
    end: "2026-03-04T00:00:00.000Z",
    dateTime: true,
    range: true,
    startRange: "2026-03-03",
    endRange: "2026-08-04",
    recurrence: { frequency: "monthly", byDay: [], rule: "FREQ=MONTHLY;BYDAY=1TU;COUNT=6" },
    occurrences: [
      { start: "2026-03-03T23:00:00.000Z", end: "2026-03-04T00:00:00.000Z" },
      { start: "2026-04-07T22:00:00.000Z", end: "2026-04-07T23:00:00.000Z" },
      { start: "2026-05-05T22:00:00.000Z", end: "2026-05-05T23:00:00.000Z" },
      { start: "2026-06-02T22:00:00.000Z", end: "2026-06-02T23:00:00.000Z", cancelled: true },
      { start: "2026-07-07T22:00:00.000Z", end: "2026-07-07T23:00:00.000Z" },
      { start: "2026-08-04T22:00:00.000Z", end: "2026-08-04T23:00:00.000Z" },
    ],
  }),
  // Mondays all day through the spring.
  event({
    id: "library-books",
    eventName: "Library books due",
    start: "2026-03-02",
    dateTime: false,
    range: true,
    startRange: "2026-03-02",
    endRange: "2026-04-27",
    recurrence: { frequency: "weekly", byDay: ["MO"] },
  }),
  // A day camp from 9 to 3 on three days: the same hours each day.
  event({
    id: "robotics",
    eventName: "Robotics day camp",
    start: "2026-03-16T13:00:00.000Z",
    end: "2026-03-16T19:00:00.000Z",
    dateTime: true,
    range: true,
    startRange: "2026-03-16",
    endRange: "2026-03-18",
  }),
  event({ id: "game", eventName: "Hockey game", start: "2026-03-21T18:00:00.000Z", dateTime: true, tags: ["sports", "cancel"] }),
  event({ id: "hidden", eventName: "Bake sale", start: "2026-03-20", dateTime: false, dislike: true }),
];

afterEach(() => ICAL.TimezoneService.remove(TZ));

describe("writeCalendar", () => {
  it("reads back, in ical.js with its own VTIMEZONE, as exactly the feed's occurrences through the horizon", () => {
    const ics = writeCalendar({ events: parentEvents, children, clock });
    const expected = new Set<string>();
    for (const shown of parentEvents.filter((e) => !e.dislike)) {
      for (const key of copyOccurrences(feedCopies(shown, clock), TZ)) expected.add(key);
    }
    const read = readOccurrences(ics, TZ, horizonEnd(clock));
    expect(read).toEqual(expected);
    // The set is what it should be where the expansion has no say.
    expect(read).toContain("night 2026-03-12 19:30");
    expect(read).toContain("soccer 2026-03-05 16:00");
    expect(read).toContain("soccer 2026-03-10 16:00");
    expect(read).toContain("camp 2026-03-18");
    expect(read).toContain("robotics 2026-03-18 09:00");
    expect(read).toContain("game 2026-03-21 14:00 cancelled");
    expect([...read].some((key) => key.startsWith("hidden"))).toBe(false);
  });

  it("writes the calendar's name, refresh interval, zone and each event's details", () => {
    const ics = writeCalendar({ events: parentEvents, children, clock });
    const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Cubby");
    expect(calendar.getFirstProperty("refresh-interval")?.toICALString()).toBe("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT1H");
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(TZ);

    // Each event's own VEVENT (a series' overrides share its UID and carry a RECURRENCE-ID).
    const masters = calendar.getAllSubcomponents("vevent").filter((v) => !v.hasProperty("recurrence-id"));
    const byUid = new Map(masters.map((v) => [String(v.getFirstPropertyValue("uid")), v]));
    expect(byUid.has("hidden@cubby")).toBe(false);
    const night = byUid.get("night@cubby")!;
    expect(night.getFirstPropertyValue("summary")).toBe("Parent-teacher night (Maya, Leo)");
    expect(night.getFirstPropertyValue("location")).toBe("Oak Ridges Public School");
    expect(night.getFirstPropertyValue("description")).toBe("Book a slot with each teacher.");
    expect(night.getFirstPropertyValue("url")).toBe("https://oakridges.example.org/night");
    expect(night.getFirstPropertyValue("sequence")).toBe(0);
    expect(byUid.get("game@cubby")!.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(byUid.get("camp@cubby")!.toString()).toContain("DTSTART;VALUE=DATE:20260316\r\nDTEND;VALUE=DATE:20260319");

    const soccer = byUid.get("soccer@cubby")!.toString();
    expect(soccer).toContain(`DTSTART;TZID=${TZ}:20260303T160000`);
    expect(soccer).toContain("RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260529T035959Z");
    expect(byUid.get("library@cubby")!.toString()).toContain("RRULE:FREQ=MONTHLY;COUNT=6;BYDAY=1TU");
  });

  it("takes the link from the web page a mention came from when the event has none", () => {
    const mention = { _id: "m", sourceContentId: "s", sourceSender: null, sourceAddress: null, sourceDate: "2026-02-01T12:00:00.000Z" };
    const fromPage = event({
      id: "fair",
      eventName: "Science fair",
      start: "2026-04-02",
      dateTime: false,
      mentions: [
        { ...mention, sourceType: "url-pdf", sourceURL: "https://school.example.org/fair.pdf" },
        { ...mention, sourceType: "url", sourceURL: "https://school.example.org/fair" },
      ],
    });
    const fromMail = event({ id: "mail", eventName: "Picture day", start: "2026-04-03", dateTime: false, hyperlink: "javascript:alert(1)" });
    const calendar = new ICAL.Component(ICAL.parse(writeCalendar({ events: [fromPage, fromMail], children, clock })) as unknown[]);
    const [fair, mail] = calendar.getAllSubcomponents("vevent");
    expect(fair!.getFirstPropertyValue("url")).toBe("https://school.example.org/fair");
    expect(mail!.hasProperty("url")).toBe(false);
  });
});
