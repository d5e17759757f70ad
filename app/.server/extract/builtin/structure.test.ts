/**
 * The structure reader (issue 29), through the whole built-in path: each test is
 * a layout of our own, in wordings unlike one another and unlike the corpus.
 */
import { describe, expect, it } from "vitest";
import { extractEvents } from "../pipeline";
import { readHtml } from "../read/html";
import { readText } from "../read/text";
import type { ExtractedEvent } from "../types";
import { ROTATION_LABEL } from "./structure";

const read = (text: string, now: string, timeZone = "America/Chicago") => extractEvents(readText(text), { now: new Date(now), timeZone });
const named = (events: ExtractedEvent[]) => events.map((e) => `${e.start} ${e.eventName}`);

describe("a date line with item lines under it", () => {
  it("gives each item that day when the date line names only the timetable's day", async () => {
    // 2027-03-01 is a Monday.
    const events = await read(
      "This week in Room 12\n\nTue 3/2 – Day B (Music)\n- Pajama reading morning: bring a pillow and your favourite book.\n- Spelling quiz\n\nThu 3/4 – Day D\n* Trip to the science museum, bus leaves at 9:15 am",
      "2027-02-28T18:00:00-06:00",
    );
    expect(named(events)).toEqual([
      "2027-03-02 Pajama reading morning",
      "2027-03-02 Spelling quiz",
      "2027-03-04T09:15 Trip to the science museum",
    ]);
  });

  it("keeps with each item the lines it was read from: the date line and the item", async () => {
    const events = await read("Thu 3/4 – Day D\n* Trip to the science museum, bus leaves at 9:15 am", "2027-02-28T18:00:00-06:00");
    expect(events[0]!.source).toBe("Thu 3/4 – Day D\n* Trip to the science museum, bus leaves at 9:15 am");
  });

  it("keeps the items with the date line's own event when it names one", async () => {
    const events = await read(
      "Friday 4/16: Half day, dismissal at 11:30\n- Report cards go home\n- Spirit wear day",
      "2027-04-10T10:00:00-05:00",
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2027-04-16T11:30" });
    expect(events[0]!.description).toContain("Report cards go home");
  });

  it("reads a weekday alone as the coming one, and each timed item under it as its own event", async () => {
    // 2027-05-08 is a Saturday; the Monday and Tuesday are the 10th and 11th.
    const events = await read(
      "Cast schedule\n\nMONDAY\n  * 3:30-5:00 Scene work, Act 1 cast\n  * 5:00-6:00 Costume fittings - sewing room\n\nTuesday:\n  * 3:30-6:00 Full run-through",
      "2027-05-08T10:00:00-05:00",
    );
    expect(named(events)).toEqual(["2027-05-10T15:30 Scene work", "2027-05-10T17:00 Costume fittings", "2027-05-11T15:30 Full run-through"]);
  });

  it("leaves a date line without items alone", async () => {
    const events = await read("Wed 5/12: Band concert at 7 pm in the gym.", "2027-05-01T10:00:00-05:00");
    expect(named(events)).toEqual(["2027-05-12T19:00 Band concert"]);
  });
});

describe("a rotation label", () => {
  it("is a timetable day in its usual spellings, never a named day", () => {
    const rotations = ["Day 3", "Day 6 (Art)", "Day B", "A day", "Jour 2", "odd day"];
    const namedDays = ["Field Day", "Day of Service", "Pajama Day", "Day trip to the zoo"];
    expect(rotations.filter((label) => !ROTATION_LABEL.test(label))).toEqual([]);
    expect(namedDays.filter((label) => ROTATION_LABEL.test(label))).toEqual([]);
  });
});

describe("a heading over lines of dates alone", () => {
  it("names every date under it, several to a line, with the hours the text gives every day of that kind", async () => {
    const events = await read(
      "Late start Mondays\n\nOn every late start day, buses run 90 minutes late and classes begin at 10:05 am.\n\nLate start dates:\n\nJanuary 11 and 25\nFebruary 8, 17 (testing week), & 22\nMarch 14",
      "2027-01-04T08:00:00-06:00",
    );
    expect(named(events)).toEqual([
      "2027-01-11T10:05 Late start",
      "2027-01-25T10:05 Late start",
      "2027-02-08T10:05 Late start",
      "2027-02-17T10:05 Late start",
      "2027-02-22T10:05 Late start",
      "2027-03-14T10:05 Late start",
    ]);
  });

  it("names a table's rows of dates by its header row, past a note between the rows", async () => {
    const events = await extractEvents(readHtml(
      "<table><tr><td>STAFF TRAINING DAYS 2026-27</td><td>Club open</td><td>Days</td></tr>" +
        "<tr><td>NOVEMBER</td><td>Mon 9 November</td><td>1</td></tr>" +
        "<tr><td colspan=3>Please book ahead.</td></tr>" +
        "<tr><td>JANUARY</td><td>Fri 8 January, Mon 25 January</td><td>2</td></tr></table>",
    ), { now: new Date("2026-10-20T08:00:00+00:00"), timeZone: "Europe/London" });
    expect(named(events)).toEqual(["2026-11-09 Staff Training Days", "2027-01-08 Staff Training Days", "2027-01-25 Staff Training Days"]);
  });

  it("leaves dates in running prose to the prose", async () => {
    const events = await read("Reminders:\nThe book fair opens March 3 and the art show is March 10.", "2027-02-20T08:00:00-06:00");
    expect(named(events)).toEqual(["2027-03-03 Book fair opens", "2027-03-10 Art show"]);
  });
});

describe("days of one month written once", () => {
  it("are each a date, and two days in a row joined by 'and' stay one span", async () => {
    const events = await read("Parent volunteers needed: Nov 3, 10 and 24 for the reading corner.\n\nCraft fair Nov 6 and 7.", "2026-10-20T08:00:00-05:00");
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2026-11-03", null],
      ["2026-11-06", "2026-11-07"],
      ["2026-11-10", null],
      ["2026-11-24", null],
    ]);
  });

  it("that fall on the same weekdays every week are one weekly series", async () => {
    // 2027-04-05 is a Monday: the 5th, 7th, 12th, 14th are Mon/Wed twice.
    const events = await read("Extra choir rehearsals: April 5, 7, 12, and 14 in the music room.", "2027-03-25T08:00:00-05:00");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2027-04-05", range: true, endRange: "2027-04-14", recurrence: { frequency: "weekly", byDay: ["MO", "WE"] } });
  });

  it("that skip a week stay separate dates", async () => {
    const events = await read("Extra choir rehearsals: April 5, 12 and 26.", "2027-03-25T08:00:00-05:00");
    expect(events.map((e) => e.start)).toEqual(["2027-04-05", "2027-04-12", "2027-04-26"]);
  });
});

describe("list items that lead with a name", () => {
  it("are called by the name, however their sentence goes on, and a status sentence keeps it", async () => {
    const events = await read(
      "KEY DATES\nHere is what is coming up:\n- Pumpkin Carving Night: Families are invited on October 29th at 6 pm.\n- No School: Remember that classes do not meet on November 2nd.\n- Winter Break: Rest up! The school is closed from December 21st–January 1st.\n- Grades 4-5: Bring a water bottle on November 4th.",
      "2026-10-20T10:00:00-05:00",
    );
    const byDay = Object.fromEntries(events.map((e) => [e.start.slice(0, 10), e.eventName]));
    expect(byDay).toMatchObject({ "2026-10-29": "Pumpkin Carving Night", "2026-11-02": "No School", "2026-12-21": "Winter Break" });
    // "Grades 4-5" says for whom, not what.
    expect(byDay["2026-11-04"]).not.toBe("Grades 4-5");
  });
});

describe("a sentence whose name only points back", () => {
  it("takes the event the sentences before it name", async () => {
    const events = await read(
      "Three Thursdays this term the upper grades have an early dismissal while the lower grades stay until the usual time. The first was last week. The other dates are February 11th and March 18th.",
      "2027-01-20T10:00:00-05:00",
    );
    expect(named(events)).toEqual(["2027-02-11 Early dismissal", "2027-03-18 Early dismissal"]);
  });
});

describe("a newsletter's own date", () => {
  it("is not an event, whether it names the issue's week, its column or when it was sent", async () => {
    const events = await read(
      "Coach Dana's Notes for the week ending 3/12/27\n\nEnvoi du lundi 8 mars\n\nPublié le 8 mars 2027\n\nPrincipal's Message, March 8\n\nOur spring photo day is Tuesday, March 16.",
      "2027-03-08T10:00:00-05:00",
    );
    expect(named(events)).toEqual(["2027-03-16 Spring photo day"]);
  });
});

describe("a span written with a comma before 'through'", () => {
  it("is one span", async () => {
    const events = await read("The science fair runs Monday, April 12, through Thursday, April 15.", "2027-04-01T10:00:00-05:00");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2027-04-12", end: "2027-04-15", range: true });
  });
});

describe("several sessions of one dated event", () => {
  it("are one event each, at their own time, when lines under the event list them", async () => {
    const events = await read(
      "Spring Showcase Rehearsal: Sunday April 18th\n\nWhere: the main hall\n\nCall times:\n  Group A: Check in 9:00 AM | On stage 9:30–10:30 AM\n  Group B: Check in 10:15 AM | On stage 10:45–11:45 AM",
      "2027-04-01T10:00:00-05:00",
    );
    expect(events.map((e) => [e.start, e.end, e.eventName])).toEqual([
      ["2027-04-18T09:30", "2027-04-18T10:30", "Spring Showcase Rehearsal – Group A"],
      ["2027-04-18T10:45", "2027-04-18T11:45", "Spring Showcase Rehearsal – Group B"],
    ]);
  });

  it("are one event each when the sentences after the date give each group its hours", async () => {
    const events = await read("Skills clinic is on Saturday, May 8. Under 9s train from 9 to 10:30 am. Under 12s train from 11 am to 12:30 pm.", "2027-05-01T10:00:00+01:00", "Europe/London");
    expect(events.map((e) => [e.start, e.eventName])).toEqual([
      ["2027-05-08T09:00", "Skills clinic – Under 9s"],
      ["2027-05-08T11:00", "Skills clinic – Under 12s"],
    ]);
  });

  it("leave an event that has its own time whole", async () => {
    const events = await read("Club night is Friday, May 7 at 6 pm.\nGroup A: bring a snack.\nGroup B: bring a drink at 7.", "2027-05-01T10:00:00+01:00", "Europe/London");
    expect(events.map((e) => e.start)).toEqual(["2027-05-07T18:00"]);
  });
});

describe("a span told again by the events on its days", () => {
  it("is their heading: the span goes, its days stay", async () => {
    const events = await read(
      "Swim gala days: May 15 & 16\n\nGala heats – Saturday, May 15 at 9:00 AM\nGala finals – Sunday, May 16 at 1:00 PM",
      "2027-05-01T10:00:00-05:00",
    );
    expect(named(events)).toEqual(["2027-05-15T09:00 Gala heats", "2027-05-16T13:00 Gala finals"]);
  });

  it("stays when a day of it holds nothing of its kind", async () => {
    const events = await read("Book fair: May 15–17\n\nAuthor visit – Saturday, May 15 at 9:00 AM", "2027-05-01T10:00:00-05:00");
    expect(events.map((e) => e.start)).toEqual(["2027-05-15", "2027-05-15T09:00"]);
  });
});

describe("a calendar written month by month", () => {
  it("gives each day line the month of the heading above it", async () => {
    const events = await read(
      "Orchestra calendar\n\nMay\n3rd Sectionals – music room – 3:30-4:30pm\n17th Dress rehearsal\nJune\n1st - Spring concert, Town Hall, 7pm\n12 – Picnic in the park",
      "2027-04-20T09:00:00+01:00",
      "Europe/Dublin",
    );
    expect(named(events)).toEqual([
      "2027-05-03T15:30 Sectionals",
      "2027-05-17 Dress rehearsal",
      "2027-06-01T19:00 Spring concert",
      "2027-06-12 Picnic in the park",
    ]);
  });

  it("keeps the heading and the day line as the event's source", async () => {
    const events = await read("March 2027\n9th Parents' evening", "2027-03-01T09:00:00Z", "Europe/London");
    expect(events[0]).toMatchObject({ start: "2027-03-09", source: "March 2027\n9th Parents' evening" });
  });

  it("leaves a line that only starts with a count as prose", async () => {
    const events = await read("April\n3 teams have entered the league so far.", "2027-03-01T09:00:00Z", "Europe/London");
    expect(events).toEqual([]);
  });
});

describe("a fixture list that numbers its weeks", () => {
  const fixtures = (rows: string) => read(`Saturday fixtures\n\nDate | Round | Venue\n${rows}`, "2027-04-01T09:00:00+10:00", "Australia/Sydney");

  it("is one weekly series from the next round to the last, with each bye its own event", async () => {
    const events = await fixtures(
      ["27/03/2027 | Round 1 | Home", "3/04/2027 | Round 2 | Away", "10/04/2027 | Round 3 | Home", "17/04/2027 | BYE (Easter) |", "24/04/2027 | Round 4 | Away", "1/05/2027 | Round 5 | Home"].join("\n"),
    );
    expect(events.map((e) => [e.start, e.eventName, e.recurrence?.byDay ?? null, e.endRange])).toEqual([
      ["2027-04-03", "Round 2–5", ["SA"], "2027-05-01"],
      ["2027-04-17", "No game (bye) – Easter", null, null],
    ]);
    expect(events[1]!.tags).toContain("cancel");
  });

  it("leaves a bye outside any series out, as a league schedule's bye week is no event", async () => {
    const events = await read(
      "Week | Date | Opponent\n1 | Sat, Apr 10 | Hornets\n2 | Sat, Apr 17 | BYE\n3 | Sat, Apr 24 | Falcons",
      "2027-04-01T09:00:00-05:00",
    );
    expect(named(events)).toEqual(["2027-04-10 Game vs Hornets", "2027-04-24 Game vs Falcons"]);
  });

  it("keeps rounds that are not a week apart as separate events", async () => {
    const events = await fixtures(["3/04/2027 | Round 1 | Home", "5/04/2027 | Round 2 | Away", "20/04/2027 | Round 3 | Home"].join("\n"));
    expect(events.map((e) => e.eventName)).toEqual(["Round 1", "Round 2", "Round 3"]);
  });
});

describe("the same name listed week after week", () => {
  it("is one weekly series, each line filed by its session number under the list's heading", async () => {
    const events = await read(
      "Junior climbing taster\n\nSession 1 – Thursday 4 March 2027\nSession 2 – Thursday 11 March 2027\nSession 3 – Thursday 18 March 2027",
      "2027-02-20T09:00:00Z",
      "Europe/London",
    );
    expect(events.map((e) => [e.start, e.eventName, e.recurrence?.byDay ?? null, e.endRange])).toEqual([
      ["2027-03-04", "Junior climbing taster", ["TH"], "2027-03-18"],
    ]);
  });

  it("stays separate dates when a week is missing", async () => {
    const events = await read(
      "Junior climbing taster\n\nSession 1 – Thursday 4 March 2027\nSession 2 – Thursday 18 March 2027\nSession 3 – Thursday 25 March 2027",
      "2027-02-20T09:00:00Z",
      "Europe/London",
    );
    expect(events.map((e) => e.start)).toEqual(["2027-03-04", "2027-03-18", "2027-03-25"]);
  });
});

describe("a timed span printed with each time beside its day", () => {
  it("starts on the first day at its time and ends on the last at its time", async () => {
    const events = await read("Cub camp at Lake Ross\nFri, May 14 @ 6:00 pm – Sun, May 16 @ 11:00 am", "2027-05-01T10:00:00-05:00");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2027-05-14T18:00", end: "2027-05-16T11:00", range: true, endRange: "2027-05-16" });
  });
});

describe("a record of labelled fields", () => {
  it("is named by the heading above its fields, not by its date line's words", async () => {
    const events = await read(
      "Beginners' Chess Club\nVenue: Library annex\nWhen: Monday 8 March and then every week until the end of term\nFee: £15",
      "2027-03-01T09:00:00Z",
      "Europe/London",
    );
    expect(events.map((e) => [e.start, e.eventName])).toEqual([["2027-03-08", "Beginners' Chess Club"]]);
  });

  it("is named by the message's subject, without its year and its news, when no heading stands above", async () => {
    const events = await extractEvents(
      { ...readText("Please read the details below.\n\nDate: Saturday 12 June\nWhere: Riverside courts\nCost: $10 per player"), subject: "2027 Junior Tennis Day - entries now open" },
      { now: new Date("2027-05-20T09:00:00+10:00"), timeZone: "Australia/Brisbane" },
    );
    expect(named(events)).toEqual(["2027-06-12 Junior Tennis Day"]);
  });
});

describe("a schedule written as the days it meets", () => {
  it("is one weekly series, with each week it skips its own event", async () => {
    const events = await read(
      "Robotics club dates:\nJanuary 12, 19, 26\nFebruary 2, no club February 9th because of winter break, 16, 23",
      "2027-01-05T12:00:00-06:00",
    );
    expect(events.map((e) => [e.start, e.eventName, e.recurrence?.byDay ?? null, e.endRange])).toEqual([
      ["2027-01-12", "Robotics club dates", ["TU"], "2027-02-23"],
      ["2027-02-09", "No club – winter break", null, null],
    ]);
  });

  it("is not one series when a week is missing without a word about it", async () => {
    const events = await read("Robotics club dates:\nJanuary 12, 19, 26\nFebruary 9, 16, 23", "2027-01-05T12:00:00-06:00");
    expect(events.map((e) => [e.start, e.endRange])).not.toContainEqual(["2027-01-12", "2027-02-23"]);
  });
});

describe("a named day followed by 'School is open.'", () => {
  it("is no event: the day is named only to say nothing changes", async () => {
    expect(await read("Monday, 11/1 is Founders' Day. Classes run as normal. Spirit day is Friday, 11/5.", "2027-10-30T10:00:00-05:00")).toMatchObject([
      { start: "2027-11-05" },
    ]);
  });
});

describe("a letter's own date at its top", () => {
  it("is no event when the greeting or the first paragraph follows it", async () => {
    const letter = "Newsletter from the Head\n\n4 March 2027\n\nDear families,\nSports day is on Friday 12 March.";
    expect(named(await read(letter, "2027-03-04T15:00:00Z", "Europe/London"))).toEqual(["2027-03-12 Sports day"]);
  });

  it("stays an event when only a short detail follows it, as in a same-day reminder", async () => {
    const reminder = "Museum trip\nThursday 4 March 2027\nBus leaves at 8:45";
    expect((await read(reminder, "2027-03-04T07:00:00Z", "Europe/London")).map((e) => e.start)).toEqual(["2027-03-04T08:45"]);
  });
});

describe("a list line that says only for whom and when", () => {
  it("is the event its heading names, for them, with a bracketed remark left out", async () => {
    const events = await extractEvents(
      { ...readText("Under 9s & 10s – Saturday 5 June (after the county final)\nU11s and U12s – Saturday 19 June"), subject: "Summer tag tournament" },
      { now: new Date("2027-05-20T09:00:00+01:00"), timeZone: "Europe/London" },
    );
    expect(named(events)).toEqual(["2027-06-05 Summer tag tournament – Under 9s & 10s", "2027-06-19 Summer tag tournament – U11s and U12s"]);
  });
});

describe("a weekday in a sentence stamped with when it was written", () => {
  it("counts from the stamp, so an old post's 'Saturday' is long past", async () => {
    const events = await read("The tournament goes ahead as planned on Saturday (posted Mon 11th January 8:15am).", "2027-09-20T10:00:00+01:00", "Europe/London");
    expect(events).toEqual([]);
  });
});

describe("prose that tells more about a listed day", () => {
  it("gives the listed event its time instead of becoming a second event named by a piece of its sentence", async () => {
    const events = await extractEvents(
      { ...readText("Tuesday 8th June – juniors\nTuesday 15th June – seniors\n\nBecause the juniors' programme is long we begin at 6pm on 8th June."), subject: "Club swim gala" },
      { now: new Date("2027-06-01T09:00:00+01:00"), timeZone: "Europe/London" },
    );
    expect(events.map((e) => [e.start, e.eventName])).toEqual([
      ["2027-06-08T18:00", "Club swim gala"],
      ["2027-06-15", "Club swim gala"],
    ]);
  });
});

describe("the same name on days that follow one another", () => {
  it("is one span, from lines or from a day and a span on one line", async () => {
    const lines = await read("Sat 5th June – County gymnastics meet\nSun 6th June – County gymnastics meet", "2027-05-20T09:00:00+01:00", "Europe/London");
    expect(lines.map((e) => [e.start, e.end, e.eventName])).toEqual([["2027-06-05", "2027-06-06", "County gymnastics meet"]]);
    const oneLine = await read("Ski week – Saturday 6 February 2027, 7 – 10 February 2027", "2027-01-20T09:00:00+08:00", "Asia/Singapore");
    expect(oneLine.map((e) => [e.start, e.end])).toEqual([["2027-02-06", "2027-02-10"]]);
  });

  it("stays a day each when each is a half day", async () => {
    const events = await read("Tue 8 June (PM, half day) – Staff training\nWed 9 June (PM, half day) – Staff training", "2027-05-20T09:00:00+01:00", "Europe/London");
    expect(events.map((e) => e.start)).toEqual(["2027-06-08", "2027-06-09"]);
  });
});

describe("a school that closes on one day and re-opens on another", () => {
  it("is closed from the day after to the day before, named by the heading, and re-opens on a day of its own", async () => {
    const events = await read(
      "Half-term 2027\n- Pupils break up on Friday 12th February and return on Monday 22nd February.",
      "2027-02-01T09:00:00Z",
      "Europe/London",
    );
    expect(events.map((e) => [e.start, e.end, e.eventName])).toEqual([
      ["2027-02-13", "2027-02-21", "Half-term – school closed"],
      ["2027-02-22", null, "School re-opens after Half-term"],
    ]);
  });
});

describe("a dated line that names an event in capitals", () => {
  it("keeps the item under it as what that event holds", async () => {
    const events = await read("March 3rd World Book Day\n- Children may come dressed as a favourite character.", "2027-02-20T09:00:00Z", "Europe/London");
    expect(named(events)).toEqual(["2027-03-03 World Book Day"]);
  });

  it("dates the letter when it heads the greeting", async () => {
    const events = await read("Letter Home – Oakfield Primary – 2nd March 2027\nGood afternoon everyone,\nWorld Book Day is on March 3rd.", "2027-03-02T15:00:00Z", "Europe/London");
    expect(named(events)).toEqual(["2027-03-03 World Book Day"]);
  });
});

describe("a break's last day and its return on two lines", () => {
  it("is the break from the day after, and the return as the text says it", async () => {
    const events = await read(
      "Easter dates:\n- Easter break begins after lessons on Thursday 25th March\n- Lessons restart Monday 12th April",
      "2027-03-01T09:00:00Z",
      "Europe/London",
    );
    expect(events.map((e) => [e.start, e.end, e.eventName])).toEqual([
      ["2027-03-26", "2027-04-11", "Easter – school closed"],
      ["2027-04-12", null, "Lessons restart after Easter"],
    ]);
  });
});

describe("a post's date with its byline", () => {
  it("dates the post over its first paragraph", async () => {
    const post = `Spring news\n12 March 2027 · Riverside Dance\n\n${"We are so pleased with how the spring classes have gone so far, and the showcase rehearsals are starting soon. "}The showcase is on Saturday 27 March.`;
    expect(named(await read(post, "2027-03-12T15:00:00Z", "Europe/London"))).toEqual(["2027-03-27 Showcase"]);
  });
});

describe("one series told twice", () => {
  it("in a sentence and in numbered session lines is one event, named by the sentence", async () => {
    const events = await read(
      "Beginner lessons are held each Thursday: 4, 11 and 18 March 2027.\n\nSession 1 Thursday 4 March 2027\nSession 2 Thursday 11 March 2027\nSession 3 Thursday 18 March 2027",
      "2027-02-20T09:00:00Z",
      "Europe/London",
    );
    expect(events.map((e) => [e.start, e.eventName, e.endRange])).toEqual([["2027-03-04", "Beginner lessons", "2027-03-18"]]);
  });
});

describe("a sentence about who on a day already named", () => {
  it("tells more about that day's event instead of becoming one named after the people", async () => {
    const events = await read(
      "Whole-school photo day: Wednesday 9 June.\n\nPupils in every class need their blazer on Wednesday 9 June.",
      "2027-06-01T09:00:00+01:00",
      "Europe/London",
    );
    expect(named(events)).toEqual(["2027-06-09 Whole-school photo day"]);
  });
});

describe("a card dated in two languages", () => {
  it("is named by the line under its date, not by the page's filing heading", async () => {
    const events = await read(
      "Key dates 2027-2028 / Dates à retenir 2027-2028\n\nWednesday, September 8 / Mercredi, 8 septembre\nMeet the teacher evening (sign-up sheet at the office)\nSoirée de rencontre avec les enseignants",
      "2027-08-20T10:00:00-04:00",
      "America/Toronto",
    );
    expect(named(events)).toEqual(["2027-09-08 Meet the teacher evening (sign-up sheet at the office)"]);
  });
});

describe("a goodbye that names the day classes return", () => {
  it("is chatter, not an event named after the newsletter", async () => {
    const events = await extractEvents(
      { ...readText("Term 2 ends on Friday 2nd April.\n\nHave a safe and happy holiday, families – see you back on 19th April."), subject: "Oakfield Newsletter - Term 1 Week 11" },
      { now: new Date("2027-03-30T09:00:00+01:00"), timeZone: "Europe/London" },
    );
    expect(named(events)).toEqual(["2027-04-02 Term 2 ends"]);
  });
});

describe("a dated list line naming two events", () => {
  it("gives each name its own event when both are written as names", async () => {
    const events = await read("• 14 May  Sports Day (parents welcome), Year 6 Bake Sale", "2027-05-01T09:00:00+02:00", "Africa/Johannesburg");
    expect(named(events)).toEqual(["2027-05-14 Sports Day", "2027-05-14 Year 6 Bake Sale"]);
  });

  it("keeps one event when the words after the comma are its detail", async () => {
    const events = await read("• 21 May  Prize Giving, certificates to children", "2027-05-01T09:00:00+02:00", "Africa/Johannesburg");
    expect(events).toHaveLength(1);
  });
});
