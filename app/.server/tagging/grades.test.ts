import { describe, expect, it } from "vitest";
import { gradeIndex, gradeMentions } from "./grades";

const grades = (text: string, options?: { sports?: boolean }) => [...gradeMentions(text, options)].toSorted((a, b) => a - b);
const g = (n: number) => gradeIndex(`grade ${n}`)!;
const K = gradeIndex("kindergarten")!;

describe("gradeIndex", () => {
  it("places the product's grades in order and refuses anything else", () => {
    expect(gradeIndex("preschool")).toBe(0);
    expect(gradeIndex("pre-kindergarten")).toBe(1);
    expect(K).toBe(2);
    expect(gradeIndex("Grade 12")).toBe(14);
    expect(gradeIndex("grade 13")).toBeNull();
  });
});

describe("gradeMentions", () => {
  it("reads the ways schools write one grade", () => {
    const texts = ["Grade 2 field trip", "2nd grade families", "second graders", "Gr. 2 trip", "grade two", "sortie des élèves de 2e année"];
    expect(texts.map((text) => [text, grades(text)])).toEqual(texts.map((text) => [text, [g(2)]]));
  });

  it("expands ranges and lists", () => {
    expect(grades("grades 3-5 assembly")).toEqual([g(3), g(4), g(5)]);
    expect(grades("Grades 3 to 5")).toEqual([g(3), g(4), g(5)]);
    expect(grades("Grade 2 and 5 concert")).toEqual([g(2), g(5)]);
    expect(grades("our grade 4/5 split class")).toEqual([g(4), g(5)]);
    expect(grades("4th and 5th grade choir")).toEqual([g(4), g(5)]);
    expect(grades("K-2 pajama day")).toEqual([K, g(1), g(2)]);
  });

  it("keeps kindergarten, pre-k and preschool apart", () => {
    expect(grades("Kindergarten families")).toEqual([K]);
    expect(grades("pre-kindergarten registration")).toEqual([gradeIndex("pre-kindergarten")]);
    expect(grades("JK and SK students")).toEqual([gradeIndex("pre-kindergarten"), K]);
    expect(grades("preschool storytime")).toEqual([gradeIndex("preschool")]);
  });

  it("fits sports age bands narrowly, and only when asked", () => {
    // Under 14 is players of 12 and 13: grades 7 and 8.
    expect(grades("U14 girls tournament")).toEqual([g(7), g(8)]);
    expect(grades("U-10 evaluations")).toEqual([g(3), g(4)]);
    expect(grades("JV soccer")).toEqual([g(9), g(10)]);
    expect(grades("14U softball and U14G soccer")).toEqual([g(7), g(8)]);
    expect(grades("U14 girls tournament", { sports: false })).toEqual([]);
  });

  it("ignores grades that are not school years", () => {
    expect(grades("Report card grades go home")).toEqual([]);
    expect(grades("Great news about the fair")).toEqual([]);
    expect(grades("Room 12 at 2:30")).toEqual([]);
  });
});
