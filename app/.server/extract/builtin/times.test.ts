import { describe, expect, it } from "vitest";
import { findDuration, findTimes, formatClock, TO_BE_DECIDED } from "./times";

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
