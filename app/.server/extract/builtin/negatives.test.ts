import { describe, expect, it } from "vitest";
import { isHoursOrMenu, isPromotional, isRecapSentence } from "./negatives";

describe("negatives", () => {
  it("recognises marketing but not a school newsletter with an unsubscribe link", () => {
    expect(isPromotional("Save 15% off when you register before Feb 12! Limited spots available. Unsubscribe", "Early-bird pricing")).toBe(true);
    expect(isPromotional("Dear parents, our students' concert is Dec 9. Unsubscribe", "Concert")).toBe(false);
  });

  it("recognises recaps and opening hours", () => {
    expect(isRecapSentence("Thank you to everyone who came out to our Fun Run on Friday!")).toBe(true);
    expect(isRecapSentence("What a game on Saturday!")).toBe(true);
    expect(isRecapSentence("The scrimmage on Saturday now starts at 10:30 – the field had a double booking.")).toBe(false);
    expect(isHoursOrMenu("Centre hours: Monday–Thursday 3:30–8:30 p.m.")).toBe(true);
  });
});
