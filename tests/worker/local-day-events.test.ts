/**
 * What reminders, calendar conflicts and the weekly preview read (ADR 013):
 * a calendar file's series counts on exactly its stored occurrences' days, at
 * each one's own time, and an open-ended weekly series from mail counts on its
 * days however long ago it began.
 */
import { describe, expect, it } from "vitest";
import { events } from "~/.server/db/schema";
import { eventsOnDays } from "~/.server/integrations/local-day-events";
import { db, signIn } from "./helpers";

const ZONE = "America/Toronto";

describe("eventsOnDays", () => {
  it("gives a calendar series on its occurrences' days only, each at its own time", async () => {
    const { userId } = await signIn();
    await db().insert(events).values({
      userId,
      eventName: "Board meeting",
      start: "2026-11-03T23:00:00.000Z",
      end: null,
      dateTime: true,
      range: true,
      startRange: "2026-11-03",
      endRange: "2027-03-02",
      recurrence: { frequency: "monthly", byDay: ["TU"], rule: "FREQ=MONTHLY;BYDAY=1TU" },
      occurrences: [
        { start: "2026-11-03T23:00:00.000Z", end: null },
        { start: "2026-12-01T23:00:00.000Z", end: null },
        { start: "2027-03-02T23:00:00.000Z", end: null },
      ],
      fingerprint: crypto.randomUUID(),
    });
    const days = await eventsOnDays(db(), userId, { first: "2026-11-04", last: "2027-03-05", timeZone: ZONE });
    expect(days.map((d) => [d.day, d.start])).toEqual([
      ["2026-12-01", "2026-12-01T23:00:00.000Z"],
      ["2027-03-02", "2027-03-02T23:00:00.000Z"],
    ]);
  });

  it("counts an open-ended weekly series from mail on its days a year after it began, at its local time", async () => {
    const { userId } = await signIn();
    await db().insert(events).values({
      userId,
      eventName: "Soccer practice",
      start: "2026-09-07T22:00:00.000Z", // Monday 6 pm EDT
      end: "2026-09-07T23:30:00.000Z",
      dateTime: true,
      range: true,
      startRange: "2026-09-07",
      endRange: null,
      recurrence: { frequency: "weekly", byDay: ["MO"] },
      fingerprint: crypto.randomUUID(),
    });
    // A winter Monday: 6 pm EST is 23:00 UTC.
    const [day] = await eventsOnDays(db(), userId, { first: "2027-01-11", last: "2027-01-11", timeZone: ZONE });
    expect(day).toMatchObject({ day: "2027-01-11", start: "2027-01-11T23:00:00.000Z", end: "2027-01-12T00:30:00.000Z" });
  });
});
