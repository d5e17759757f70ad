import { describe, expect, it } from "vitest";
import { eventLabel } from "./event-label";

describe("eventLabel", () => {
  it("labels by the first known tag", () => {
    expect(eventLabel(["fieldtrip", "sports"])).toBe("Field Trip");
    expect(eventLabel(["unknown", "cancel"])).toBe("Cancelled");
    expect(eventLabel(["No School"])).toBe("No School");
  });

  it("falls back to Event", () => {
    expect(eventLabel([])).toBe("Event");
  });
});
