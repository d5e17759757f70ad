import { describe, expect, it } from "vitest";
import { tagsFor } from "./tags";

describe("tagsFor", () => {
  it("tags topics in English and French", () => {
    expect(tagsFor("Winter Recess (schools closed)")).toEqual(expect.arrayContaining(["no school", "vacation"]));
    expect(tagsFor("Journée pédagogique")).toContain("no school");
    expect(tagsFor("Congé des Fêtes")).toEqual(expect.arrayContaining(["no school", "vacation"]));
    expect(tagsFor("Spaghetti Dinner fundraiser")).toEqual(expect.arrayContaining(["fundraiser", "meal"]));
    expect(tagsFor("Game vs Owls")).toContain("sports");
  });

  it("applies the status rules", () => {
    expect(tagsFor("Wolf Den Meeting is CANCELLED")).toContain("cancel");
    expect(tagsFor("concert has been moved to Thursday")).toEqual(expect.arrayContaining(["reschedule"]));
    // The same move in the present and future tense.
    for (const text of ["the swim meet moves to Saturday", "Picture day is moving to March 3", "the spring concert will move to the gym on May 6"]) {
      expect(tagsFor(text)).toEqual(expect.arrayContaining(["reschedule"]));
    }
    expect(tagsFor("concert has been moved to Thursday, all events cancelled")).not.toContain("cancel");
    expect(tagsFor("Grading fees are due by Wednesday")).toContain("deadline");
    expect(tagsFor("Playoffs time TBA")).toContain("tentative");
    expect(tagsFor("practice now starts at 10:30 instead of 9:00")).toContain("update");
  });

  it("only uses the vocabulary", () => {
    expect(tagsFor("Spirit day: wear orange")).toEqual(expect.arrayContaining(["wear"]));
    for (const t of tagsFor("Family STEM Night with pizza, a book fair and a bake sale")) {
      expect(typeof t).toBe("string");
    }
  });
});
