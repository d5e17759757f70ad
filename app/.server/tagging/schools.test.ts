import { describe, expect, it } from "vitest";
import { addressAtDomain, mentionsSchool, normaliseSchoolName, sameSchool, schoolsNamed } from "./schools";

describe("normaliseSchoolName", () => {
  it("gives the same name for the ways a school is written", () => {
    const full = normaliseSchoolName("Maplewood Elementary School");
    expect(full).toEqual({ core: ["maplewood"], level: "elementary" });
    expect(normaliseSchoolName("Maplewood Elementary")).toEqual(full);
    expect(normaliseSchoolName("Maplewood ES")).toEqual(full);
    expect(normaliseSchoolName("maplewood elem.")).toEqual(full);
    expect(normaliseSchoolName("St. Mary's Catholic School").core).toEqual(["saint", "mary", "s", "catholic"]);
  });
});

describe("mentionsSchool", () => {
  const maplewood = normaliseSchoolName("Maplewood Elementary School");
  const riverside = normaliseSchoolName("Riverside Middle School");

  it("needs the kind of school in running text", () => {
    expect(mentionsSchool("Welcome to Maplewood Elementary!", maplewood, false)).toBe(true);
    expect(mentionsSchool("at Maplewood ES", maplewood, false)).toBe(true);
    expect(mentionsSchool("Maplewood School families", maplewood, false)).toBe(true);
    expect(mentionsSchool("Maplewood Middle School", maplewood, false)).toBe(false);
    expect(mentionsSchool("Maplewood residents", maplewood, false)).toBe(false);
  });

  it("accepts a school body in a sender's name, but not another organisation", () => {
    expect(mentionsSchool("Maplewood PTA", maplewood, true)).toBe(true);
    expect(mentionsSchool("Riverside Rapids Soccer Club", riverside, true)).toBe(false);
    expect(mentionsSchool("Riverside Public Library", riverside, true)).toBe(false);
    expect(mentionsSchool("Maplewood School District", maplewood, true)).toBe(false);
  });

  it("matches the school's mail domain and its subdomains only", () => {
    expect(addressAtDomain("office@maplewood.example.org", "maplewood.example.org")).toBe(true);
    expect(addressAtDomain("office@mail.maplewood.example.org", "maplewood.example.org")).toBe(true);
    expect(addressAtDomain("office@notmaplewood.example.org", "maplewood.example.org")).toBe(false);
    expect(addressAtDomain("office@maplewood.example.org", null)).toBe(false);
  });
});

describe("schoolsNamed", () => {
  it("finds the schools a mail names, not districts or sentence words", () => {
    const named = schoolsNamed("Dear Oakridge Elementary families. Back To School night. Maplewood School District");
    expect(named).toHaveLength(1);
    expect(sameSchool(named[0]!, normaliseSchoolName("Oakridge Elementary School"))).toBe(true);
    expect(sameSchool(named[0]!, normaliseSchoolName("Maplewood Elementary School"))).toBe(false);
  });
});
