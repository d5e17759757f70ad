import { describe, expect, it } from "vitest";
import { extractEvents } from "./pipeline";
import { readText } from "./read/text";
import type { ExtractedEvent, SourceDocument } from "./types";

const toronto = (now: string) => ({ now: new Date(now), timeZone: "America/Toronto" });
const email = (text: string, extra: Partial<SourceDocument> = {}): SourceDocument => ({
  kind: "email", subject: "", from: null, sentAt: null, text, html: null, attachments: [], ...extra,
});
// oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
const brief = (events: ExtractedEvent[]) => events.map((e) => `${e.start}${e.end ? `→${e.end}` : ""} ${e.eventName} [${e.tags.sort().join(",")}]`);

describe("extractEvents with the built-in extractor", () => {
  it("reads a dated list with times, spans and deadlines", async () => {
    const events = await extractEvents(readText(
      "Mark your calendars\n• Mon 10/12 – Thanksgiving Day, school closed\n• Wednesday, October 14 – Home and School Association meeting, 6:30 p.m., gym\n• Dec 21 – Jan 1 – Holiday break\n• Fri 10/16 – Fundraiser order forms due",
    ), toronto("2026-10-05T09:00:00-04:00"));
    expect(brief(events)).toEqual([
      "2026-10-12 Thanksgiving Day, school closed [close,holiday,no school]",
      "2026-10-14T18:30 Home and School Association meeting [parent]",
      "2026-10-16 Fundraiser order forms due [deadline,fundraiser]",
      "2026-12-21→2027-01-01 Holiday break [no school,vacation]",
    ]);
    expect(events[3]).toMatchObject({ range: true, startRange: "2026-12-21", endRange: "2027-01-01", dateTime: false });
  });

  it("names a dated card by the line under its date, not by the previous card", async () => {
    const events = await extractEvents(readText(
      "Key dates / Dates clés\n\nFriday, March 6 / Vendredi, 6 mars\nPyjama day\nJournée pyjama\n\nWednesday, March 18 / Mercredi, 18 mars\nSchool closed, staff training\nÉcole fermée, formation du personnel",
    ), toronto("2026-02-20T09:00:00-05:00"));
    expect(events.map((e) => `${e.start} ${e.eventName}`)).toEqual([
      "2026-03-06 Pyjama day",
      "2026-03-18 School closed, staff training",
    ]);
  });

  it("drops a post's date stamp and its clock time, keeping the event it announces", async () => {
    const events = await extractEvents(email(
      "Posted by Ms. Okafor on March 2, 2027\n\nEdit (3/2/27 4:15 pm): the book fair now closes Friday, March 12.",
    ), toronto("2027-03-02T17:00:00-05:00"));
    expect(events.map((e) => `${e.start} ${e.eventName}`)).toEqual(["2027-03-12 Book fair now closes"]);
  });

  it("reads a weekly series and its stated exception once", async () => {
    const events = await extractEvents(email(
      "Spring practices will be Tuesdays and Thursdays from 5:30 to 7 pm at Lakeview Park, starting April 6 through May 27. No practice on Thursday, April 22.",
    ), toronto("2027-03-24T20:00:00-04:00"));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ start: "2027-04-06T17:30", end: "2027-04-06T19:00", range: true, endRange: "2027-05-27", recurrence: { frequency: "weekly", byDay: ["TU", "TH"] } });
    expect(events[1]).toMatchObject({ start: "2027-04-22", dateTime: false });
    expect(events[1]!.tags).toContain("cancel");
  });

  it("resolves a forwarded message's relative dates against its own date line", async () => {
    const events = await extractEvents(email(
      "Can you pack his bag?\n\n---------- Forwarded message ---------\nFrom: Troop 82 <t@x.org>\nDate: Mon, Oct 12, 2026 at 7:45 PM\nSubject: Campout\n\nMedical forms must be turned in by Thursday.",
    ), toronto("2026-10-14T21:00:00-04:00"));
    expect(brief(events)).toEqual(["2026-10-15 Medical forms must be turned in [deadline,health]"]);
  });

  it("lets a reply supersede the quoted event and counts repeats once", async () => {
    const events = await extractEvents(email(
      "The pool is closed for repairs on January 16, so the Riverside Swim Meet moves to Saturday, January 23. Same warm-up times. Entries are still due this Friday.\n\nOn Jan 4, 2027, at 6:15 PM, Priya <p@x.org> wrote:\n> The Riverside Swim Meet will be held on Saturday, January 16 at the aquatic centre. Warm-up starts at 7:30 a.m. and the last race ends around 1:00 p.m.\n>\n> Please send entries to the club by Friday, January 8.",
    ), { now: new Date("2027-01-05T22:00:00Z"), timeZone: "America/Los_Angeles" });
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2027-01-08", null],
      ["2027-01-23T07:30", "2027-01-23T13:00"],
    ]);
    expect(events[1]!.tags).toContain("reschedule");
  });

  it("reads Quebec French", async () => {
    const events = await extractEvents(email(
      "• Spectacle de la chorale : jeudi 10 décembre à 18 h 30, au gymnase.\n• Relâche scolaire : du lundi 1er mars au vendredi 5 mars inclusivement. Retour en classe le lundi 8 mars.",
    ), toronto("2026-11-20T11:00:00-05:00"));
    expect(brief(events)).toEqual([
      "2026-12-10T18:30 Spectacle de la chorale [concert]",
      "2027-03-01→2027-03-05 Relâche scolaire [no school,vacation]",
      "2027-03-08 Retour en classe [start]",
    ]);
  });

  it("finds nothing in recaps, marketing and menus", async () => {
    const now = toronto("2026-10-05T10:00:00-04:00");
    expect(await extractEvents(email("Thank you to all the families who came out to the bake sale last Friday, October 2."), now)).toEqual([]);
    expect(await extractEvents(email("Enrol now for a FREE trial lesson! Only a few places left. Take 15% off until November 30. Like us on Facebook. Unsubscribe"), now)).toEqual([]);
    expect(await extractEvents(email("Lunch this week\nMonday: pasta\nWednesday: chili\nFriday: pizza day!"), now)).toEqual([]);
  });

  it("keeps one event when the text part and an attached calendar say the same", async () => {
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261023\r\nDTEND;VALUE=DATE:20261026\r\nSUMMARY:Moncton Fall Classic\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    const events = await extractEvents(email("The Moncton Fall Classic runs Oct 23–25.", {
      attachments: [{ filename: "team.ics", contentType: "text/calendar", text: ics }],
    }), { now: new Date("2026-10-01T19:00:00Z"), timeZone: "America/Moncton" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventName: "Moncton Fall Classic", start: "2026-10-23", end: "2026-10-25" });
  });
});
