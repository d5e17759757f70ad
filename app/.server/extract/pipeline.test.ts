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
      "Dates to remember\n• Mon 10/12 – Thanksgiving, no school\n• Thursday, October 15 – School Council meeting, 7:00 p.m., library\n• Dec 23 – Jan 1 – Winter break\n• Fri 10/16 – Scholastic book orders due",
    ), toronto("2026-10-05T09:00:00-04:00"));
    expect(brief(events)).toEqual([
      "2026-10-12 Thanksgiving, no school [holiday,no school]",
      "2026-10-15T19:00 School Council meeting [parent,read]",
      "2026-10-16 Scholastic book orders due [deadline,read]",
      "2026-12-23→2027-01-01 Winter break [no school,vacation]",
    ]);
    expect(events[3]).toMatchObject({ range: true, startRange: "2026-12-23", endRange: "2027-01-01", dateTime: false });
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
      "The district needs the gym on December 5, so the Northgate Invitational is now on Saturday, December 12. Same schedule. Registration is still due this Friday.\n\nOn Nov 10, 2026, at 4:02 PM, Luis <l@x.org> wrote:\n> Our Northgate Invitational Chess Tournament will be held on Saturday, December 5 in the gym. Check-in opens at 8:00 a.m. and play runs until about 2:30 p.m.\n>\n> Please register on the club page by Friday, November 20.",
    ), { now: new Date("2026-11-18T23:30:00Z"), timeZone: "America/Los_Angeles" });
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2026-11-20", null],
      ["2026-12-12T08:00", "2026-12-12T14:30"],
    ]);
    expect(events[1]!.tags).toContain("reschedule");
  });

  it("reads Quebec French", async () => {
    const events = await extractEvents(email(
      "• Concert de Noël de l'harmonie : mercredi 16 décembre à 19 h, à l'auditorium.\n• Congé des Fêtes : du mercredi 23 décembre au mardi 5 janvier inclusivement. Retour en classe le mercredi 6 janvier.",
    ), toronto("2026-11-27T11:00:00-05:00"));
    expect(brief(events)).toEqual([
      "2026-12-16T19:00 Concert de Noël de l'harmonie [concert,holiday]",
      "2026-12-23→2027-01-05 Congé des Fêtes [no school,vacation]",
      "2027-01-06 Retour en classe [start]",
    ]);
  });

  it("finds nothing in recaps, marketing and menus", async () => {
    const now = toronto("2026-10-05T10:00:00-04:00");
    expect(await extractEvents(email("Thank you to everyone who wore orange last Wednesday, September 30."), now)).toEqual([]);
    expect(await extractEvents(email("BOOK A FREE 30-MINUTE ASSESSMENT! Limited spots available. Save 20% off until October 31. Follow us on Instagram. Unsubscribe"), now)).toEqual([]);
    expect(await extractEvents(email("Monday: soup\nTuesday: tacos\nFriday: pizza day!"), now)).toEqual([]);
  });

  it("keeps one event when the text part and an attached calendar say the same", async () => {
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261016\r\nDTEND;VALUE=DATE:20261019\r\nSUMMARY:Truro Harvest Tournament\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    const events = await extractEvents(email("Our tournament in Truro is Oct 16–18.", {
      attachments: [{ filename: "team.ics", contentType: "text/calendar", text: ics }],
    }), { now: new Date("2026-09-27T19:00:00Z"), timeZone: "America/Halifax" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventName: "Truro Harvest Tournament", start: "2026-10-16", end: "2026-10-18" });
  });
});
