import { describe, expect, it } from "vitest";
import { dayKey as isoDate, type CalendarDay as CalendarDate } from "../../../lib/calendar-day";
import { findDates, numericDayFirst, schoolYearOf } from "./dates";

const oct5: CalendarDate = { year: 2026, month: 10, day: 5 }; // a Monday
const days = (text: string, reference = oct5) =>
  findDates(text, { reference }).map((d) => (d.end ? `${isoDate(d.start)}..${isoDate(d.end)}` : isoDate(d.start)));

describe("findDates", () => {
  it("reads the written forms parents meet", () => {
    expect(days("Picture day Oct. 14th")).toEqual(["2026-10-14"]);
    expect(days("Mon 10/12 – Thanksgiving")).toEqual(["2026-10-12"]);
    expect(days("on 10/14/2026 at 7")).toEqual(["2026-10-14"]);
    expect(days("Thursday, October 15 at 7 pm")).toEqual(["2026-10-15"]);
    expect(days("le vendredi 23 octobre")).toEqual(["2026-10-23"]);
    expect(days("College fair – 2026-10-21")).toEqual(["2026-10-21"]);
    expect(days("Feb. 2nd: reading buddies", { year: 2027, month: 1, day: 30 })).toEqual(["2027-02-02"]);
  });

  it("leaves a whole number with a fraction, and the verb may, alone", () => {
    expect(days("Open to children aged 4 1/2 to 6 1/2 who may join either group")).toEqual([]);
    expect(days("a 3 1/4 mile loop; you may bring a snack")).toEqual([]);
    expect(days("Sports day 2 May")).toEqual(["2027-05-02"]);
    expect(days("Forms due 1/2")).toEqual(["2027-01-02"]);
  });

  it("takes a written year that disagrees with its weekday as a slip for the year beside it", () => {
    // 2026-10-22 is a Thursday; 2027-10-22 a Friday.
    expect(days("Away game Thursday 10/22/27 at 7:15")).toEqual(["2026-10-22"]);
    expect(days("Jeudi 22 octobre 2025: sortie")).toEqual(["2026-10-22"]);
    // A weekday that fits no year near the mail leaves the written date alone.
    expect(days("Monday 10/22/2026 – photos")).toEqual(["2026-10-22"]);
  });

  it("reads a dotted date day first, and leaves decimals and dotted times alone", () => {
    expect(days("Sports day 14.10.26")).toEqual(["2026-10-14"]);
    expect(days("Prize giving: Thu 3.12.2026")).toEqual(["2026-12-03"]);
    expect(days("Pick-up at 3.15pm, grade average 2.5")).toEqual([]);
  });

  it("reads several days of one month written once, each its own day", () => {
    expect(days("Parent helpers: October 9, 16 & 30")).toEqual(["2026-10-09", "2026-10-16", "2026-10-30"]);
    expect(days("Library closed Oct 20 and 27")).toEqual(["2026-10-20", "2026-10-27"]);
    expect(days("Camp-out Oct 17 and 18")).toEqual(["2026-10-17..2026-10-18"]);
    expect(days("Oct 12, 25 pupils went")).toEqual(["2026-10-12"]);
  });

  it("reads relative days against the reference", () => {
    expect(days("the book fair is just 4 days away")).toEqual(["2026-10-09"]);
    expect(days("auditions in two days")).toEqual(["2026-10-07"]);
    expect(days("the meeting is tomorrow at 7")).toEqual(["2026-10-06"]);
    expect(days("orders due this Friday")).toEqual(["2026-10-09"]);
    // Said on a Monday, "next Wednesday" is the Wednesday of the following week.
    expect(days("trip next Wednesday")).toEqual(["2026-10-14"]);
    expect(days("Book fair set-up is Monday the 12th")).toEqual(["2026-10-12"]);
  });

  it("rolls a yearless date into next year from December mail, keeps recent past dates in the past", () => {
    expect(days("Spaghetti dinner Friday, January 22", { year: 2026, month: 12, day: 1 })).toEqual(["2027-01-22"]);
    expect(days("Thank you for coming on September 30")).toEqual(["2026-09-30"]);
  });

  it("lets the date win over a contradicting weekday", () => {
    expect(days("Wednesday Oct 8 – Fire safety visit")).toEqual(["2026-10-08"]);
  });

  it("joins spans, across months and years, English and French", () => {
    expect(days("Holiday Shop – Dec 8–10")).toEqual(["2026-12-08..2026-12-10"]);
    expect(days("Winter recess Dec 23, 2026 – Jan 1, 2027")).toEqual(["2026-12-23..2027-01-01"]);
    expect(days("Tournament Oct 30 – Nov 1 in Red Deer")).toEqual(["2026-10-30..2026-11-01"]);
    expect(days("Examens : du 18 au 22 janvier 2027")).toEqual(["2027-01-18..2027-01-22"]);
    expect(days("du lundi 30 novembre au vendredi 4 décembre")).toEqual(["2026-11-30..2026-12-04"]);
  });

  it("marks open spans and ignores vague weeks and opening hours", () => {
    const [giving] = findDates("Giving tree – now through Dec 11", { reference: oct5 });
    expect(giving?.openStart).toBe(true);
    expect(days("no lessons during the week of December 21")).toEqual([]);
    expect(days("Centre hours: Monday–Thursday 3:30–8:30 p.m.")).toEqual([]);
    expect(days("Club still meets on Thursdays")).toEqual([]);
  });

  it("puts bare weekdays into next week when the line says so", () => {
    const found = findDates("Next week: practices Tues 5:45 and Thurs 6:30", { reference: { year: 2026, month: 10, day: 8 }, nextWeek: true });
    expect(found.map((d) => isoDate(d.start))).toEqual(["2026-10-13", "2026-10-15"]);
  });
});

describe("habitual weekdays", () => {
  it("reads a weekday that names every such day as no date", () => {
    expect(days("Le mardi et le jeudi, le service de garde ferme à 17 h.")).toEqual([]);
    expect(days("Le mercredi, apportez vos espadrilles.")).toEqual([]);
    expect(days("We never meet on Friday public holidays.")).toEqual([]);
    expect(days("Bring a snack on Wednesday afternoons.")).toEqual([]);
  });

  it("still reads a weekday that points at one day", () => {
    expect(days("Apportez le formulaire avant le vendredi.")).toEqual(["2026-10-09"]);
    expect(days("Pizza lunch on Friday.")).toEqual(["2026-10-09"]);
    expect(days("Le vendredi 16 octobre : sortie")).toEqual(["2026-10-16"]);
  });
});

describe("a school year named by the document", () => {
  const feb = { year: 2027, month: 2, day: 10 };
  const inYear = (text: string, reference: CalendarDate) =>
    findDates(text, { reference, schoolYear: schoolYearOf(text, reference) }).map((d) => isoDate(d.start));

  it("reads the label in its common spellings, only while the reference is inside that year", () => {
    expect(schoolYearOf("District calendar 2026-27", feb)).toBe(2026);
    expect(schoolYearOf("Key dates for the 2026–2027 year", feb)).toBe(2026);
    expect(schoolYearOf("Season 2026/27 fixtures", feb)).toBe(2026);
    expect(schoolYearOf("Archive: 2024-25 calendar", feb)).toBeNull();
    expect(schoolYearOf("Call 2026-4411 for tickets", feb)).toBeNull();
    expect(schoolYearOf("Budget 2026-2030", feb)).toBeNull();
  });

  it("keeps the autumn's yearless dates in the autumn already past, and the spring's ahead", () => {
    expect(inYear("2026-27 calendar. Labour Day Sept 7. Family conferences Nov 12. Spring concert April 22.", feb)).toEqual([
      "2026-09-07",
      "2026-11-12",
      "2027-04-22",
    ]);
    // Without a label the same September date is next September's.
    expect(days("Labour Day Sept 7", feb)).toEqual(["2027-09-07"]);
  });
});

describe("numeric dates", () => {
  const reference = { year: 2027, month: 1, day: 10 };
  const read = (text: string, dayFirst: boolean) => findDates(text, { reference, dayFirst }).map((d) => isoDate(d.start));

  it("are read day first when the document writes them so", () => {
    expect(numericDayFirst("Trials 14/03/2027, then 2/04/2027", "America/Chicago")).toBe(true);
    expect(read("Trials 2/04/2027", true)).toEqual(["2027-04-02"]);
  });

  it("are read month first when the document's unambiguous dates are", () => {
    expect(numericDayFirst("Picture day 3/15 and 4/2", "Europe/London")).toBe(false);
    expect(read("Picture day 4/2", false)).toEqual(["2027-04-02"]);
  });

  it("follow the parent's region when nothing in the document decides", () => {
    expect(numericDayFirst("Swim meet 5/6", "America/Toronto")).toBe(false);
    expect(numericDayFirst("Swim meet 5/6", "Pacific/Auckland")).toBe(true);
  });

  it("still read a first number over 12 as the day", () => {
    expect(read("Concert 20/5", false)).toEqual(["2027-05-20"]);
  });

  it("are not year groups or fractions", () => {
    expect(read("Years 5/6 play on 1/2 pitch; U13/14 squads and Grade 3/4 next", false)).toEqual([]);
    expect(read("Assembly for Grade 3 on 3/4", false)).toEqual(["2027-03-04"]);
  });

  it("list days before the month they share", () => {
    expect(read("Heats on 9, 16 March and 6 April", true)).toEqual(["2027-03-09", "2027-03-16", "2027-04-06"]);
    expect(read("Lessons 3rd, 10th & 17th April 2027", true)).toEqual(["2027-04-03", "2027-04-10", "2027-04-17"]);
    expect(read("(Monday 8th & Tuesday 9th March)", true)).toEqual(["2027-03-08", "2027-03-09"]);
  });

  it("give no day when they start a week", () => {
    expect(read("Swimming lessons run in the week beginning 8 March", true)).toEqual([]);
    expect(read("Reports go home w/c 15/3", true)).toEqual([]);
  });
});

describe("a weekday with a day of the month and no month", () => {
  it("is the recent one whose weekday fits when no coming one does: already past", () => {
    // Read on Friday 3 December 2027 (a digest of older posts): 30 November 2027 was a Tuesday; no coming 30th is.
    expect(findDates("Tomorrow, Tuesday the 30th, the book fair opens in the library", { reference: { year: 2027, month: 12, day: 3 } }).map((d) => isoDate(d.start))).toContain("2027-11-30");
  });

  it("is the coming one whose weekday fits", () => {
    expect(days("Monday the 14th", { year: 2027, month: 5, day: 1 })).toEqual(["2027-06-14"]);
  });
});

describe("a day written before its month, with a number after", () => {
  it("is the day before the month, not the month and the number", () => {
    expect(days("On Saturday the 12 June 3rd Troop held its camp fire", { year: 2027, month: 6, day: 1 })).toEqual(["2027-06-12"]);
  });
});
