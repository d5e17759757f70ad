import { describe, expect, it } from "vitest";
import { webcalUrl } from "./calendar-feed-link";

describe("webcalUrl", () => {
  it("gives the feed's address the webcal scheme", () => {
    expect(webcalUrl("https://cubby.example.com/calendar/abc_-1.ics")).toBe("webcal://cubby.example.com/calendar/abc_-1.ics");
    expect(webcalUrl("http://localhost:5173/calendar/abc.ics")).toBe("webcal://localhost:5173/calendar/abc.ics");
  });
});
