import { describe, expect, it } from "vitest";
import { checkSchoolQuery, noSchoolsMessage, schoolPlace } from "./school";

describe("school search", () => {
  it("asks for a name, then for a longer one", () => {
    expect(checkSchoolQuery(" ")).toEqual({ ok: false, message: "Please enter a school name" });
    expect(checkSchoolQuery("a ")).toEqual({ ok: false, message: "School name is too short" });
    expect(checkSchoolQuery(" Maple ")).toEqual({ ok: true, q: "Maple" });
  });

  it("says when nothing was found", () => {
    expect(noSchoolsMessage(" Maple ")).toBe('No results found for "Maple"');
  });

  it("describes where a school is", () => {
    expect(schoolPlace({ city: "Guelph", stateProv: "ON" })).toBe("Guelph, ON");
    expect(schoolPlace({ city: null, stateProv: "ON" })).toBe("ON");
  });
});
