import { describe, expect, it } from "vitest";
import { gradeIndex } from "./grades";
import { sectionGrades } from "./sections";

const newsletter = `Maplewood Weekly

SCHOOL-WIDE
- Picture retakes are on Thursday, November 12.

GRADE 2 NEWS
- Pumpkin patch visit on Tuesday, November 17. Wear boots!

Kindergarten:
- Teddy bear picnic on Wednesday, November 18.`;

const grades = (line: string) => [...sectionGrades(newsletter, line, { sports: true })];

describe("sectionGrades", () => {
  it("reads the grade heading above an item", () => {
    expect(grades("Pumpkin patch visit on Tuesday, November 17. Wear boots!")).toEqual([gradeIndex("grade 2")]);
    expect(grades("- Teddy bear picnic on Wednesday, November 18.")).toEqual([gradeIndex("kindergarten")]);
  });

  it("gives nothing under a heading without a grade, or for a line it cannot find", () => {
    expect(grades("Picture retakes are on Thursday, November 12.")).toEqual([]);
    expect(grades("Something that is not in the mail at all")).toEqual([]);
  });
});
