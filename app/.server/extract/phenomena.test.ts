/**
 * One describe per phenomenon of real school and club mail (issue 12), each
 * with snippets of our own, worded differently from one another, read through
 * the whole built-in path (reader → extractor → normaliser).
 */
import { describe, expect, it } from "vitest";
import { extractEvents } from "./pipeline";
import { readText } from "./read/text";
import type { ExtractedEvent } from "./types";

const at = (now: string, timeZone = "America/Toronto") => ({ now: new Date(now), timeZone });
const read = (text: string, now: string, timeZone?: string) => extractEvents(readText(text), at(now, timeZone));
const named = (events: ExtractedEvent[]) => events.map((e) => `${e.start} ${e.eventName}`);

describe("a card whose first line is only its date", () => {
  it("is named by the line under the date, even when that line says the date again or runs on", async () => {
    const events = await read(
      "What's on\n\nTue 4 Mar\nSwimming carnival for years 3–6\n\nThu 13 Mar\nTerm 1 ends 13th March\n\nMon 17 Mar\nSchool closed – staff planning day. Teachers spend the day on next term's programme and reports.",
      "2025-02-20T09:00:00+11:00",
      "Australia/Sydney",
    );
    expect(named(events)).toEqual([
      "2025-03-04 Swimming carnival for years 3–6",
      "2025-03-13 Term 1 ends",
      "2025-03-17 School closed – staff planning day",
    ]);
  });

  it("leaves a bulleted list of dates under its heading to the heading", async () => {
    const events = await read("Library closed on these days\n- Friday, March 6\n- Friday, March 20", "2026-02-20T09:00:00-05:00");
    expect(named(events)).toEqual(["2026-03-06 Library closed on these days", "2026-03-20 Library closed on these days"]);
  });
});
