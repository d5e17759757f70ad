/**
 * One describe per phenomenon of real school and club mail (issue 12), each
 * with snippets of our own, worded differently from one another, read through
 * the whole built-in path (reader → extractor → normaliser).
 */
import { describe, expect, it } from "vitest";
import { extractEvents } from "./pipeline";
import { readText } from "./read/text";
import type { ExtractedEvent } from "./types";

const at = (now: string, timeZone = "America/Toronto") => ({ now: new Date(now), timeZone });
const read = (text: string, now: string, timeZone?: string) => extractEvents(readText(text), at(now, timeZone));
const named = (events: ExtractedEvent[]) => events.map((e) => `${e.start} ${e.eventName}`);

describe("a card whose first line is only its date", () => {
  it("is named by the line under the date, even when that line says the date again or runs on", async () => {
    const events = await read(
      "What's on\n\nTue 4 Mar\nSwimming carnival for years 3–6\n\nThu 13 Mar\nTerm 1 ends 13th March\n\nMon 17 Mar\nSchool closed – staff planning day. Teachers spend the day on next term's programme and reports.",
      "2025-02-20T09:00:00+11:00",
      "Australia/Sydney",
    );
    expect(named(events)).toEqual([
      "2025-03-04 Swimming carnival for years 3–6",
      "2025-03-13 Term 1 ends",
      "2025-03-17 School closed – staff planning day",
    ]);
  });

  it("leaves a bulleted list of dates under its heading to the heading", async () => {
    const events = await read("Library closed on these days\n- Friday, March 6\n- Friday, March 20", "2026-02-20T09:00:00-05:00");
    expect(named(events)).toEqual(["2026-03-06 Library closed on these days", "2026-03-20 Library closed on these days"]);
  });
});

describe("weekdays written one after another", () => {
  it("are one span from the first to the last", async () => {
    // 2026-03-02 is a Monday.
    const events = await read("Swim unit: this week the class swims on Tuesday, Wednesday and Thursday, so pack a towel.", "2026-03-02T08:00:00-05:00");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2026-03-03", end: "2026-03-05", range: true, endRange: "2026-03-05" });
    const pair = await read("Book fair in the library this Thursday & Friday.", "2026-03-02T08:00:00-05:00");
    expect(pair[0]).toMatchObject({ start: "2026-03-05", end: "2026-03-06", range: true });
  });

  it("leaves days that are not in a row as they were", async () => {
    const events = await read("Tryouts on Monday and Thursday after school.", "2026-03-02T08:00:00-05:00");
    expect(events.every((e) => !e.range)).toBe(true);
  });
});

describe("the page's own name and date", () => {
  it("is not an event: a newsletter's name with its issue dates, a 'Due Date' label", async () => {
    const events = await read(
      "Grade 2 Weekly Update March 9-13\n\nDue Date:\nMonday, March 9, 2026\n\nPlease send a labelled water bottle every day. Our class trip to the science centre is on Thursday, March 12.",
      "2026-03-09T08:00:00-04:00",
    );
    expect(named(events)).toEqual(["2026-03-12 Class trip to the science centre"]);
    const bulletin = await read("Parish School Bulletin – 14 May 2026\n\nSports day is on Friday 22 May.", "2026-05-14T08:00:00+01:00", "Europe/London");
    expect(named(bulletin)).toEqual(["2026-05-22 Sports day"]);
  });
});

describe("a notice of what changes, and what does not", () => {
  const sunday = "2026-01-18T16:00:00-05:00";

  it("adds nothing for a day that runs as usual", async () => {
    expect(await read("Good news: despite the storm, all schools will remain open on Monday, January 19.", sunday)).toEqual([]);
    expect(await read("After the calendar change, Feb 9 and Feb 10 are now regular school days.", sunday)).toEqual([]);
    expect(await read("Nos écoles resteront ouvertes le lundi 19 janvier.", sunday)).toEqual([]);
  });

  it("adds nothing for a promise to write again", async () => {
    expect(await read("The district will keep you posted on Monday as the forecast firms up.", sunday)).toEqual([]);
    expect(await read("We will get back to you by Tuesday with the bus routes.", sunday)).toEqual([]);
  });

  it("reads cancelled activities as a cancellation, and a closure that may come as tentative", async () => {
    const events = await read(
      "Please note, however, that all after-school activities are cancelled starting Monday. Families should have a backup plan in case we have to close schools starting Wednesday, January 21.",
      sunday,
    );
    expect(events.map((e) => `${e.start} ${e.eventName} [${e.tags.toSorted().join(",")}]`)).toEqual([
      "2026-01-19 After-school activities [cancel]",
      "2026-01-21 School closure [close,tentative]",
    ]);
  });
});

describe("a bilingual notice", () => {
  it("counts each event once when the French says again what the English says", async () => {
    const events = await read(
      "Chers parents, veuillez noter que la sortie au musée est reportée. Nous vous remercions de votre patience et vous souhaitons une bonne semaine. La danse aura lieu le vendredi 23 janvier.\n\nDear parents, please note that the museum trip is postponed. Thank you for your patience and have a good week. The dance will be on Friday, January 23.",
      "2026-01-18T16:00:00-05:00",
    );
    expect(named(events)).toEqual(["2026-01-23 Dance"]);
  });

  it("keeps French events that the English part does not repeat", async () => {
    const events = await read(
      "La soirée cinéma aura lieu le jeudi 22 janvier pour toutes les familles de l'école.\n\nThe spelling bee is on Friday, January 23 for all of the grade 4 classes.",
      "2026-01-18T16:00:00-05:00",
    );
    expect(events).toHaveLength(2);
  });
});

describe("what the plan used to be, rules that start applying, and who may enrol", () => {
  const march = "2026-03-02T08:00:00-05:00";

  it("drops a clause about the old plan and keeps the new one", async () => {
    const events = await read(
      "Report card night moves to Thursday, March 19 (Friday, March 20 was originally the PD day for staff).",
      march,
    );
    expect(events.map((e) => e.start)).toEqual(["2026-03-19"]);
    expect(await read("The tournament had originally been scheduled for Saturday, March 28.", march)).toEqual([]);
  });

  it("adds nothing for a rule that takes effect", async () => {
    expect(await read("The province's new masking guidance takes effect from 12:01 am on Monday, March 9.", march)).toEqual([]);
    expect(await read("Les nouvelles règles entreront en vigueur le lundi 9 mars.", march)).toEqual([]);
  });

  it("adds nothing for enrolment rules", async () => {
    expect(await read("Siblings of current campers have priority until March 15.", march)).toEqual([]);
    expect(await read("Players must turn nine by April 30 to join the minor division.", march)).toEqual([]);
    // A payment that "must be made by" a date is a deadline, not a rule about who may join.
    expect((await read("Payments must be made by March 15.", march)).map((e) => e.tags.includes("deadline"))).toEqual([true]);
  });

  it("reads a newsletter's numbered issue as its name, not an event", async () => {
    expect(await read("Westbrook Newsletter, Week 6, Term 2\n\nWe will start the new reading scheme after Monday the 9th.", march, "Pacific/Auckland")).toEqual([]);
  });
});

describe("a date inside a condition", () => {
  it("is the date of the event the line stands in for, not a second event", async () => {
    const events = await read(
      "Friday 12th June | Rain date for the Year 5 rounders tournament if the weather is poor on 5th June |\nMonday 15th June | Reserve swimming gala, should the pool be unavailable on 8th June |",
      "2026-05-20T09:00:00+01:00",
      "Europe/London",
    );
    expect(events.map((e) => e.start)).toEqual(["2026-06-12", "2026-06-15"]);
  });
});

describe("hours given once for several dates", () => {
  const feb = "2026-02-02T08:00:00-05:00";
  const timed = (events: ExtractedEvent[]) => events.map((e) => `${e.start}${e.end ? `→${e.end}` : ""}`);

  it("gives a heading's hours to the bare dates listed under it, not to named items", async () => {
    const events = await read(
      "Student-led conferences (Thursdays, 4:00 – 7:30 p.m.)\n- February 12\n- March 5\n- Family Day: February 16",
      feb,
    );
    expect(timed(events)).toEqual(["2026-02-12T16:00→2026-02-12T19:30", "2026-02-16", "2026-03-05T16:00→2026-03-05T19:30"]);
  });

  it("gives the hours a text states for a kind of event to that kind's dated entries", async () => {
    const events = await read(
      "Open gym hours are 6:00 pm to 8:00 pm.\n\nOpen Gym: Friday, February 6\n\nOpen Gym: Friday, February 20\n\nBook swap: Friday, February 13",
      feb,
    );
    expect(timed(events)).toEqual(["2026-02-06T18:00→2026-02-06T20:00", "2026-02-13", "2026-02-20T18:00→2026-02-20T20:00"]);
  });

  it("does not borrow hours to choose from, or another event's hours, from the next sentence", async () => {
    const choice = await read("Skills clinic on Saturday, February 7. Sessions at either 9:00 or 10:30 am.", feb);
    expect(choice[0]).toMatchObject({ start: "2026-02-07", dateTime: false });
    const other = await read("Parent night on Thursday, February 5. The U10 practice runs from 6:00 to 7:00 pm.", feb);
    expect(other[0]).toMatchObject({ start: "2026-02-05", dateTime: false });
  });

  it("never reads a counted number before a time as the start of a range", async () => {
    const events = await read("Friday, February 27: End of Term 2 - 1.45pm finish", feb, "Australia/Melbourne");
    expect(events[0]).toMatchObject({ start: "2026-02-27T13:45", end: null });
  });
});

describe("a series named only by its days", () => {
  it("takes its name from the heading above", async () => {
    const events = await read("Match days:\nSaturdays, starting February 7 and finishing March 28.", "2026-02-02T08:00:00-05:00");
    expect(events[0]).toMatchObject({ eventName: "Match days", recurrence: { frequency: "weekly", byDay: ["SA"] } });
  });
});

describe("a season told over several lines", () => {
  it("joins a span, its stated exceptions and the days it meets on into one weekly series", async () => {
    const events = await read(
      "Fall Junior Rowing Schedule\n\nSeptember 8 - October 29\n(no practice on October 13)\nTuesdays and Thursdays, 4:30 - 6:00 p.m.\n$320 for the season",
      "2026-08-20T09:00:00-04:00",
    );
    expect(events.map((e) => `${e.start} ${e.eventName} ${e.recurrence?.byDay.join(",") ?? ""}`.trim())).toEqual([
      "2026-09-08T16:30 Fall Junior Rowing TU,TH",
      "2026-10-13 No fall Junior Rowing",
    ]);
    expect(events[0]).toMatchObject({ endRange: "2026-10-29", end: "2026-09-08T18:00" });
  });

  it("leaves a span alone when what follows is not the days it meets on", async () => {
    const events = await read("Art show\n\nMay 4 - May 8\nIn the front lobby, all week", "2026-04-20T09:00:00-04:00");
    expect(events[0]).toMatchObject({ start: "2026-05-04", end: "2026-05-08", recurrence: null });
  });
});

describe("a card's heading against the card's own words", () => {
  it("keeps the heading when the body names only where it is or what it means for the day", async () => {
    const events = await read(
      "Pancake Breakfast\nSaturday, March 7, 8:30 AM in the cafeteria. All welcome!\n\nMarch Break\nMarch 16 – March 20 (schools closed).",
      "2026-02-20T09:00:00-05:00",
    );
    expect(named(events)).toEqual(["2026-03-07T08:30 Pancake Breakfast", "2026-03-16 March Break"]);
  });

  it("takes a capitalised event name from a line whose fragments name none", async () => {
    const events = await read("Also, grade 4 is running the lemonade stand at the Spring Carnival on Friday, May 8.", "2026-04-20T09:00:00-04:00");
    expect(named(events)).toEqual(["2026-05-08 Spring Carnival"]);
  });
});

describe("month- and week-wide items", () => {
  const nov = "2026-11-03T09:00:00-05:00";

  it("sets monthEvent for a month named as the time of something, in several wordings", async () => {
    const events = await read(
      "December is Giving Tree Month at our school.\nIndigenous Heritage Month (June) brings a guest speaker each week.\nLiteracy Month runs throughout March.\nLe mois de la nutrition en mars: des collations santé.",
      nov,
    );
    expect(events.filter((e) => e.monthEvent).map((e) => `${e.start}→${e.end} ${e.eventName}`)).toEqual([
      "2026-12-01→2026-12-31 Giving Tree month",
      "2027-03-01→2027-03-31 Literacy Month",
      "2027-03-01→2027-03-31 Mois de la nutrition",
      "2027-06-01→2027-06-30 Indigenous Heritage Month",
    ]);
  });

  it("sets weekEvent for a span of a few days named as a week, and not for other spans", async () => {
    const events = await read("Kindness Week is Nov 16–20.\nBook fair Nov 23–27 in the library.", nov);
    expect(events.map((e) => `${e.eventName} ${e.weekEvent ?? false}`)).toEqual(["Kindness Week true", "Book fair false"]);
  });
});

describe("links an event comes with", () => {
  it("keeps the https sign-up or ticket link written beside the event or on the line under it", async () => {
    const events = await read(
      "Volunteer for the Winter Concert on Dec 10: https://www.signupgenius.com/go/10c0f\nBake sale Friday, Dec 4\nOrder tickets at https://tickets.example.org/bakesale\nSkating party Dec 12 (details: http://plain.example.org/skate)\nUnsubscribe: https://list.example.org/unsubscribe?u=1",
      "2026-11-20T09:00:00-05:00",
    );
    expect(events.map((e) => `${e.eventName} ${e.hyperlink ?? "-"}`)).toEqual([
      "Bake sale https://tickets.example.org/bakesale",
      "Volunteer for the Winter Concert https://www.signupgenius.com/go/10c0f",
      "Skating party -",
    ]);
  });
});

describe("a headline and the prose under it, and replies", () => {
  it("counts a headline standing alone and the sentence that tells it again as one event", async () => {
    const events = await read(
      "Pool closed: No swim practice on Saturday, February 7\n\nThe coaches decided this morning. There is no swim practice on Saturday, February 7 because of the boiler repair.",
      "2026-02-02T08:00:00-05:00",
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.tags).toContain("cancel");
  });

  it("reads 'that moves X to <date>' as a move of X, named X", async () => {
    const events = await read("Another storm day. That pushes the spring concert back to Thursday, March 26.", "2026-03-02T08:00:00-05:00");
    expect(events.map((e) => `${e.start} ${e.eventName} ${e.tags.includes("reschedule")}`)).toEqual(["2026-03-26 Spring concert true"]);
  });

  it("lets a written date in apposition win over a relative word beside it", async () => {
    // Written on Monday March 2; "tomorrow" would be the 3rd, the date says the 4th.
    const events = await read("Reminder: the book swap is tomorrow, Wednesday, March 4th.", "2026-03-02T08:00:00-05:00");
    expect(events.map((e) => e.start)).toEqual(["2026-03-04"]);
  });

  it("never reads 'due to' as a deadline", async () => {
    const events = await read("The hike on Saturday, March 7 is cancelled due to the ice.", "2026-03-02T08:00:00-05:00");
    expect(events[0]!.tags).not.toContain("deadline");
  });
});

describe("weeks named by their first days", () => {
  it("are one span through the end of the last week", async () => {
    const events = await read("No lessons the weeks of December 21 and December 28 for the holidays.", "2026-12-01T08:00:00-05:00");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2026-12-21", end: "2027-01-03", range: true, endRange: "2027-01-03" });
    expect(events[0]!.tags).toContain("cancel");
  });
});

describe("hours written once after a list of dates", () => {
  it("are every listed date's, while dates told apart keep their own", async () => {
    const events = await read(
      "The orchestra has rehearsed since September. There will be recitals for grandparents on Tuesday 8th and Wednesday 9th December, starting at 17h30.\n\nSwim trials are on Monday 14th, and the quiz night is on Tuesday 15th December at 7pm.",
      "2026-11-25T09:00:00+02:00",
      "Africa/Johannesburg",
    );
    expect(events.map((e) => e.start)).toEqual(["2026-12-08T17:30", "2026-12-09T17:30", "2026-12-14", "2026-12-15T19:00"]);
  });
});

describe("a label that names only a kind of occurrence", () => {
  it("takes the name of the event the line above it announces", async () => {
    const events = await read(
      "Dear parents,\n\n* GRADE 6 MUSICAL \"ISLAND SONGS\" – THURSDAY 10TH AND FRIDAY 11TH DECEMBER\n\nThe cast has worked hard all term. There will be matinee shows for grandparents on Thursday 10th and Friday 11th December, from 14h00.",
      "2026-11-25T09:00:00+02:00",
      "Africa/Johannesburg",
    );
    expect(named(events)).toEqual(['2026-12-10T14:00 Grade 6 Musical "Island Songs"', '2026-12-11T14:00 Grade 6 Musical "Island Songs"']);
  });
});

describe("the event a heading and its sentence tell", () => {
  it("is named by the heading, never by a web address above it or by the event it happens during", async () => {
    const events = await read(
      "Please help at the plant sale! The sign-up sheet lists the slots:\nhttps://signups.example.org/go/plants\n\nOn top of that, the greenhouse stays open late on Thursday, May 14, from 4 to 6 pm.\n\nSAVE THE DATE: Poetry Evening with Ada Brook\n\nAda Brook is visiting during the Spring Plant Sale on Friday, May 15, at 6 p.m. She will read from her new book.",
      "2026-04-25T10:00:00-04:00",
    );
    expect(named(events)).toEqual(["2026-05-14T16:00 Greenhouse stays open late", "2026-05-15T18:00 Poetry Evening with Ada Brook"]);
  });
});

describe("a date in a sentence's opening clause", () => {
  it("is named by that clause, and the dates of one list share one name", async () => {
    const events = await read(
      "The pool stays shut while repairs go on. Lessons restart as usual from Monday 7th December.\n\nOnce lessons restart on Monday 7th December, any swimmer with a badge test coming up can book a free extra lesson.\n\nAfter a long talk with the examiners this week, the club has confirmed that the Badge Tests booked for Saturday 12th & 19th December will go ahead, at the time printed on your test card.",
      "2026-11-25T09:00:00Z",
      "Europe/London",
    );
    expect(named(events)).toEqual(["2026-12-07 Lessons restart as usual", "2026-12-12 Badge Tests", "2026-12-19 Badge Tests"]);
  });
});

describe("a bilingual calendar in Irish or Welsh and English", () => {
  it("is named by its heading, never by the other language's dates", async () => {
    const events = await read(
      "Calendr ysgol / School calendar\n\nHanner tymor (Half term)\nDydd Llun 26ain Hydref – Dydd Gwener 30ain Hydref\n(Monday 26th October – Friday 30th October)\n\nBriseadh Nollag (Christmas break)\nDé hAoine 18ú Nollaig\n(Friday 18th December)",
      "2026-10-01T09:00:00+01:00",
      "Europe/London",
    );
    expect(named(events)).toEqual(["2026-10-26 Hanner tymor (Half term)", "2026-12-18 Briseadh Nollag (Christmas break)"]);
  });
});
