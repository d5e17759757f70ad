import { describe, expect, it } from "vitest";
import { findDuration, findTimes, formatClock, isTimeChoice, TO_BE_DECIDED } from "./times";

const read = (text: string) =>
  findTimes(text).map((t) => `${t.start ? formatClock(t.start) : "-"}/${t.end ? formatClock(t.end) : "-"}`);

describe("findTimes", () => {
  it("reads clock times with and without am/pm", () => {
    expect(read("concert at 7 PM")).toEqual(["19:00/-"]);
    expect(read("Sing-along 2:00 PM in the gym")).toEqual(["14:00/-"]);
    expect(read("lunch at noon")).toEqual(["12:00/-"]);
    expect(read("mercredi à 19 h 30")).toEqual(["19:30/-"]);
  });

  it("reads ranges and takes am/pm from the end", () => {
    expect(read("6:30-8 p.m.")).toEqual(["18:30/20:00"]);
    expect(read("from 10:00 to 11:30 a.m.")).toEqual(["10:00/11:30"]);
    expect(read("11–1 pm")).toEqual(["11:00/13:00"]);
    expect(read("practice 6-7:30 @ Central gym")).toEqual(["18:00/19:30"]);
    expect(read("shopping night from 5 to 7")).toEqual(["17:00/19:00"]);
  });

  it("reads an end on its own", () => {
    expect(read("open until 3")).toEqual(["-/15:00"]);
    expect(read("departs 7:45 a.m., returns about 4:30 p.m.")).toEqual(["07:45/-", "-/16:30"]);
  });

  it("ignores numbers that are not times", () => {
    expect(read("Grades 3-5, ages 6–11, $1–$5, W 7-4")).toEqual([]);
  });

  it("knows TBD and durations", () => {
    expect(TO_BE_DECIDED.test("Kickoff TBA")).toBe(true);
    expect(TO_BE_DECIDED.test("heure à confirmer")).toBe(true);
    expect(findDuration("same rink (45 min each)")).toBe(45);
    expect(findDuration("please arrive 15 minutes early")).toBe(null);
  });
});

describe("start times to choose from", () => {
  const choice = (text: string) => isTimeChoice(text, findTimes(text));

  it("reads a list of class hours or an 'either … or' as a choice, not one event's time", () => {
    expect(choice("classes at 8:50, 9:25 & 10:00 am")).toBe(true);
    expect(choice("games start at either 9:00 or 10:00 AM")).toBe(true);
    expect(choice("pick a slot: 4:00 / 4:30 pm")).toBe(true);
    expect(choice("Sessions 1:00, 2:00, 3:00")).toBe(true);
  });

  it("keeps a time, a range and a doors-then-show line as they are", () => {
    expect(choice("Concert at 7 pm")).toBe(false);
    expect(choice("practice 5:30-7 pm")).toBe(false);
    expect(choice("doors open 6:30, show at 7:00 pm")).toBe(false);
    expect(choice("games at 9:00 and 11:00")).toBe(false);
  });
});
