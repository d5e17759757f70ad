import { describe, expect, it } from "vitest";
import { addressIsTeacher, displayNameIsTeacher, mentionsFirstName, mentionsTeacher, parseTeacher } from "./names";

describe("mentionsFirstName", () => {
  it("finds a child's name on word boundaries, possessive included", () => {
    expect(mentionsFirstName("Maya's hearing screening is Thursday", "Maya")).toBe(true);
    expect(mentionsFirstName("MAYA and LEO are playing", "Leo")).toBe(true);
    expect(mentionsFirstName("The Mayan exhibit", "Maya")).toBe(false);
    expect(mentionsFirstName("Leopold and Cleo", "Leo")).toBe(false);
  });

  it("is case-aware and folds accents", () => {
    expect(mentionsFirstName("join leo on the field", "Leo")).toBe(false);
    expect(mentionsFirstName("Félix a gagné", "Felix")).toBe(true);
  });

  it("treats a first name after a title as a grown-up", () => {
    expect(mentionsFirstName("Ms. Maya Chen will substitute", "Maya")).toBe(false);
    expect(mentionsFirstName("Coach Dana", "Dana")).toBe(false);
  });

  it("reads common-word names only where they read as names", () => {
    expect(mentionsFirstName("Will you send a lunch?", "Will")).toBe(false);
    expect(mentionsFirstName("Students will bring a lunch", "Will")).toBe(false);
    expect(mentionsFirstName("The trip is May 12.", "May")).toBe(false);
    expect(mentionsFirstName("May we remind you", "May")).toBe(false);
    expect(mentionsFirstName("Congratulations to Will and Ava!", "Will")).toBe(true);
    expect(mentionsFirstName("Please pick up May after practice.", "May")).toBe(true);
  });
});

describe("teachers and coaches", () => {
  const alvarez = parseTeacher("mrs. alvarez")!;
  const dana = parseTeacher("coach dana brooks")!;
  const coachDana = parseTeacher("coach dana")!;

  it("takes stored names apart without their titles", () => {
    expect(alvarez).toMatchObject({ only: "alvarez", first: null, last: null });
    expect(dana).toMatchObject({ first: "dana", last: "brooks", only: null });
    expect(parseTeacher("mr.")).toBeNull();
  });

  it("recognises a sender's display name", () => {
    expect(displayNameIsTeacher("Maria Alvarez", alvarez)).toBe(true);
    expect(displayNameIsTeacher("Dana Brooks", dana)).toBe(true);
    expect(displayNameIsTeacher("Brooks, Dana", dana)).toBe(true);
    expect(displayNameIsTeacher("Coach Brooks", dana)).toBe(true);
    expect(displayNameIsTeacher("D. Brooks", dana)).toBe(true);
    expect(displayNameIsTeacher("Michael Brooks", dana)).toBe(false);
    expect(displayNameIsTeacher("Maplewood Office", alvarez)).toBe(false);
  });

  it("recognises a sender's mailbox", () => {
    expect(addressIsTeacher("malvarez@school.example.org", alvarez)).toBe(true);
    expect(addressIsTeacher("alvarez.m@school.example.org", alvarez)).toBe(true);
    expect(addressIsTeacher("dana.brooks@gmail.com", dana)).toBe(true);
    expect(addressIsTeacher("dbrooks@club.example.org", dana)).toBe(true);
    expect(addressIsTeacher("brooksfamily@gmail.com", dana)).toBe(false);
    expect(addressIsTeacher("office@school.example.org", alvarez)).toBe(false);
  });

  it("finds titled mentions, signatures and full names, not bare surnames", () => {
    expect(mentionsTeacher("Mrs. Alvarez's class is holding a sale", alvarez)).toBe(true);
    expect(mentionsTeacher("Hi Rapids, Coach Dana asked me to share this", coachDana)).toBe(true);
    expect(mentionsTeacher("Thanks, Dana Brooks", dana)).toBe(true);
    expect(mentionsTeacher("Ms Brooks will drive", dana)).toBe(true);
    expect(mentionsTeacher("Alvarez Street is closed", alvarez)).toBe(false);
    expect(mentionsTeacher("Mr. Alvarezi", alvarez)).toBe(false);
  });

  it("does not take a Mr. for a stored Mrs. (or the other way round)", () => {
    expect(mentionsTeacher("Yours in Scouting, Mr. Alvarez", alvarez)).toBe(false);
    expect(displayNameIsTeacher("Mr. Alvarez", alvarez)).toBe(false);
    expect(mentionsTeacher("Ms. Alvarez", alvarez)).toBe(true);
    expect(mentionsTeacher("Coach Alvarez", alvarez)).toBe(true);
  });
});
