import { describe, expect, it } from "vitest";
import { knewAt, offlineLine } from "./offline";

describe("the offline line", () => {
  it("says when the kept feed was fetched, as 'h:mma' lower-case with a space, in the feed's zone", () => {
    const at = Date.parse("2026-11-23T12:42:00Z");
    expect(offlineLine(at, "America/Toronto")).toBe("Offline, showing what Cubby knew at 7:42 am");
    expect(knewAt(at, "UTC")).toBe("12:42 pm");
  });

  it("keeps the minutes on the hour and reads midnight as 12", () => {
    expect(knewAt(Date.parse("2026-11-23T05:00:00Z"), "America/Toronto")).toBe("12:00 am");
    expect(knewAt(Date.parse("2026-11-23T20:05:00Z"), "UTC")).toBe("8:05 pm");
  });
});
