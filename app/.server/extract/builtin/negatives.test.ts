import { describe, expect, it } from "vitest";
import { extractEvents } from "../pipeline";
import { readText } from "../read/text";
import { isDateStamp, isDayAsUsual, isHoursOrMenu, isPromotional, isRecapSentence } from "./negatives";

/** The whole built-in path on a text of our own, read at `now` in `timeZone`. */
const readAt = (text: string, now: string, timeZone: string) => extractEvents(readText(text), { now: new Date(now), timeZone });

describe("negatives", () => {
  it("recognises marketing but not a school newsletter with an unsubscribe link", () => {
    expect(isPromotional("Save 15% off when you register before Feb 12! Limited spots available. Unsubscribe", "Early-bird pricing")).toBe(true);
    expect(isPromotional("Dear parents, our students' concert is Dec 9. Unsubscribe", "Concert")).toBe(false);
  });

  it("recognises recaps and opening hours", () => {
    expect(isRecapSentence("Thank you to everyone who came out to our Fun Run on Friday!")).toBe(true);
    expect(isRecapSentence("What a game on Saturday!")).toBe(true);
    expect(isRecapSentence("The scrimmage on Saturday now starts at 10:30 – the field had a double booking.")).toBe(false);
    expect(isHoursOrMenu("Centre hours: Monday–Thursday 3:30–8:30 p.m.")).toBe(true);
  });
});

describe("isDayAsUsual", () => {
  it("reads a day given back to classes as no event, a day without them as one", () => {
    expect(isDayAsUsual("Grades 1-6 will now have class on April 9.")).toBe(true);
    expect(isDayAsUsual("Everyone now has school as usual on the 9th; we will have classes on May 2 after all.")).toBe(true);
    expect(isDayAsUsual("Grades 1-6 will have no class on April 9.")).toBe(false);
  });
});

describe("isDateStamp", () => {
  it("reads a page's own date stamp or byline before a date", () => {
    expect(isDateStamp("Posted: ")).toBe(true);
    expect(isDateStamp("Last updated ")).toBe(true);
    expect(isDateStamp("Published by the PTA office on ")).toBe(true);
    expect(isDateStamp("Mis à jour le ")).toBe(true);
    expect(isDateStamp("Note (edited: ")).toBe(true);
  });

  it("leaves event wording alone", () => {
    expect(isDateStamp("Report cards will be posted online on ")).toBe(false);
    expect(isDateStamp("Grades updated by ")).toBe(false);
    expect(isDateStamp("Science fair ")).toBe(false);
  });
});

describe("a menu", () => {
  it("gives no event for the days it serves food, only for a named event in it", async () => {
    const menu = "Cafeteria\nMarch 8th - 12th\n\nMONDAY\nBREAKFAST\nPancakes\nLUNCH\nTacos\n\nTUESDAY\nBREAKFAST\nCereal\nLUNCH\nPizza\n\nFriday March 12: Family picnic lunch in the courtyard";
    const events = await readAt(menu, "2027-03-01T12:00:00-06:00", "America/Chicago");
    expect(events.map((e) => [e.start, e.eventName])).toEqual([["2027-03-12", "Family picnic lunch"]]);
  });
});

describe("opening hours said in prose", () => {
  it("are no event, even with a day", async () => {
    const text = "The library returns to its regular hours on Monday, September 6. Book fair opens Tuesday, September 7.";
    const events = await readAt(text, "2027-08-20T12:00:00-06:00", "America/Chicago");
    expect(events.map((e) => e.start)).toEqual(["2027-09-07"]);
  });
});

describe("a closure notice's other days", () => {
  const read = async (text: string) => {
    return readAt(text, "2027-01-20T07:00:00-05:00", "America/Toronto");
  };

  it("when staff report for work is the employer's instruction, not an event", async () => {
    const events = await read("All schools are closed on Thursday, January 21. Maintenance staff are expected to report at 6 am on January 21 to clear the roofs.");
    expect(events.map((e) => e.start)).toEqual(["2027-01-21"]);
  });

  it("schools open again as usual is no event, in French too", async () => {
    const events = await read("Toutes les écoles et tous les services de garde seront ouverts lundi le 25 janvier 2027.");
    expect(events).toEqual([]);
  });
});

describe("a request to another parent", () => {
  it("is no event", async () => {
    const events = await readAt("The swim lesson is now on Friday. Would anyone be able to drive Sam there on Friday?", "2027-01-20T07:00:00-05:00", "America/Toronto");
    expect(events.map((e) => e.eventName)).not.toContainEqual(expect.stringMatching(/^would anyone/i));
  });
});

describe("paperwork on its way home", () => {
  it("is no event, while reports going home are", async () => {
    const text = "Permission slips will be sent home on Monday, March 8. Reports go home on Friday, March 12.";
    const events = await readAt(text, "2027-03-01T07:00:00-05:00", "America/Toronto");
    expect(events.map((e) => e.start)).toEqual(["2027-03-12"]);
  });
});
