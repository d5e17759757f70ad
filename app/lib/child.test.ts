import { describe, expect, it } from "vitest";
import {
  teacherSuggestions,
  afterChildForm,
  afterDetails,
  afterSchool,
  checkTeacherName,
  childFlow,
  childFormComplete,
  duplicateChild,
  duplicateNameMessage,
  GRADES,
  gradeLabel,
} from "./child";

describe("grades", () => {
  it("runs from preschool to grade 12", () => {
    expect(GRADES[0]).toBe("preschool");
    expect(GRADES).toContain("kindergarten");
    expect(GRADES.at(-1)).toBe("grade 12");
    expect(GRADES).toHaveLength(15);
  });

  it("labels grades in title case", () => {
    expect(gradeLabel("pre-kindergarten")).toBe("Pre-Kindergarten");
    expect(gradeLabel("grade 10")).toBe("Grade 10");
  });
});

describe("child form", () => {
  it("needs a trimmed name of two characters and a grade", () => {
    expect(childFormComplete(" A ", "grade 1")).toBe(false);
    expect(childFormComplete("Al", "")).toBe(false);
    expect(childFormComplete(" Al ", "grade 1")).toBe(true);
  });

  it("finds a duplicate name case-insensitively, ignoring the child being edited", () => {
    const children = [
      { _id: "1", firstName: "Maya" },
      { _id: "2", firstName: "Leo" },
    ];
    expect(duplicateChild(" maya ", children)?._id).toBe("1");
    expect(duplicateChild("Maya", children, "1")).toBeUndefined();
    expect(duplicateChild("Ava", children)).toBeUndefined();
  });

  it("words the duplicate message as the spec does", () => {
    expect(duplicateNameMessage(" Maya ")).toBe(
      'You already have a child named "Maya". Please choose a different name.',
    );
  });
});

describe("child flow", () => {
  it("reads the mode from the path", () => {
    expect(childFlow("/join/child")).toBe("join");
    expect(childFlow("/join/child/school/c1")).toBe("join");
    expect(childFlow("/add/child")).toBe("add");
    expect(childFlow("/edit/child/details/c1")).toBe("edit");
  });

  it("goes from the child form to the school screen of the same mode", () => {
    expect(afterChildForm("join", "c1")).toBe("/join/child/school/c1");
    expect(afterChildForm("add", "c1")).toBe("/add/child/school/c1");
    expect(afterChildForm("edit", "c1")).toBe("/edit/child/school/c1");
  });

  it("goes from the school to e-mail access in onboarding, else to teachers and coaches", () => {
    expect(afterSchool("join", "c1")).toBe("/join/email");
    expect(afterSchool("add", "c1")).toBe("/add/child/details/c1");
    expect(afterSchool("edit", "c1")).toBe("/edit/child/details/c1");
  });

  it("returns to the profile after teachers and coaches outside onboarding", () => {
    expect(afterDetails("join")).toBe("/join/email");
    expect(afterDetails("add")).toBe("/profile");
  });
});

describe("checkTeacherName", () => {
  it("words each problem as the spec does", () => {
    expect(checkTeacherName("  ")).toEqual({ ok: false, message: "Please enter a teacher's name" });
    expect(checkTeacherName("J")).toEqual({ ok: false, message: "Name is too short" });
    expect(checkTeacherName("Coach #1")).toEqual({ ok: false, message: "Name contains invalid characters" });
    expect(checkTeacherName("a".repeat(101))).toEqual({ ok: false, message: "Name is too long" });
    expect(checkTeacherName(` ${"a".repeat(100)} `)).toEqual({ ok: true, name: "a".repeat(100) });
  });

  it("accepts letters, spaces, apostrophes and hyphens, in lowercase", () => {
    expect(checkTeacherName(" Ms. O'Neil")).toMatchObject({ ok: false });
    expect(checkTeacherName(" Mrs O'Neil-Park ")).toEqual({ ok: true, name: "mrs o'neil-park" });
    expect(checkTeacherName("Señora Núñez")).toEqual({ ok: true, name: "señora núñez" });
  });
});

describe("teacherSuggestions", () => {
  it("offers the names of the people who wrote, as the teacher form would take them", () => {
    const senders = ["Ms. Rivera via Remind", "Coach Dan from TeamSnap", "Maple Grove PTA", "newsletter@school.example", "Ms. Rivera", "Mrs O'Neil-Park"];
    expect(teacherSuggestions(senders, ["mrs o'neil-park"])).toEqual(["ms rivera", "coach dan", "maple grove pta"]);
  });
});
