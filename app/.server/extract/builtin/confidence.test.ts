/**
 * The confidence model (issue 30) as the parent meets it: plain, named, timed events
 * are sure; a fragment of a long sentence on a bare weekday is asked about.
 */
import { describe, expect, it } from "vitest";
import { extractEvents } from "../pipeline";
import { readText } from "../read/text";

const read = (text: string) => extractEvents(readText(text), { now: new Date("2027-03-01T09:00:00-05:00"), timeZone: "America/New_York" });

describe("confidence", () => {
  it("is high for a named, timed event in a list and lower for a fragment of a long sentence on a bare weekday", async () => {
    const [listed] = await read("Key dates\n- Spring concert: Thursday, March 11 at 7 pm");
    const [vague] = await read(
      "If enough of you are around we might possibly try to get together on Friday for a bit, though last year it rained and nobody was sure where to meet or what to bring along with them.",
    );
    expect(listed!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(vague!.confidence).toBeLessThan(listed!.confidence!);
  });

  it("is a number between 0 and 1 on every event the built-in extractor reads", async () => {
    const events = await read("Picture day is March 9.\nNo school March 12.\nField trip Tuesday, March 16 at 9:15 am.");
    expect(events.length).toBe(3);
    for (const e of events) expect(e.confidence).toSatisfy((c: number) => c >= 0 && c <= 1);
  });
});
