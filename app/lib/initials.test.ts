import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("takes the first letters of at most two words", () => {
    expect(initials("Maple Grove Public School")).toBe("MG");
    expect(initials("coach")).toBe("C");
  });

  it("ignores what follows 'via' or 'from'", () => {
    expect(initials("Ms Lee via Remind")).toBe("ML");
    expect(initials("Soccer from TeamSnap")).toBe("S");
  });

  it("skips punctuation and copes with nothing", () => {
    expect(initials('"Dr. Ortiz"')).toBe("DO");
    expect(initials(null)).toBe("");
  });
});
