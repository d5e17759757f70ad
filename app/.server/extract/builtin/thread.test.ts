import { describe, expect, it } from "vitest";
import { dayKey as isoDate } from "../../../lib/calendar-day";
import { splitThread } from "./thread";

const ref = { year: 2026, month: 10, day: 24 };
const summary = (text: string) =>
  splitThread(text, ref).map((s) => `${s.kind}:${s.reference ? isoDate(s.reference) : "-"}`);

describe("forwarded mail", () => {
  it("reads the Gmail wrapper and its date line", () => {
    const text = "FYI\n\n---------- Forwarded message ---------\nFrom: Coach <c@x.org>\nDate: Mon, Oct 12, 2026 at 7:45 PM\nSubject: Campout\nTo: <f@x.org>\n\nOur campout is this Saturday.";
    expect(summary(text)).toEqual(["own:-", "forwarded:2026-10-12"]);
    expect(splitThread(text, ref)[1]!.subject).toBe("Campout");
  });

  it("reads the Apple and Outlook wrappers", () => {
    expect(summary("Can you take him?\n\nBegin forwarded message:\n\nFrom: Sensei <s@x.org>\nSubject: Grading\nDate: October 22, 2026 at 8:40:12 PM CDT\nTo: f@x.org\n\nGrading next Saturday.")).toEqual(["own:-", "forwarded:2026-10-22"]);
    expect(summary("See below\n\n________________________________\nFrom: Mr. Patel <p@x.org>\nSent: Monday, November 2, 2026 3:41 PM\nTo: Families\nSubject: Trip\n\nTrip next Thursday.")).toEqual(["own:-", "forwarded:2026-11-02"]);
    expect(summary("Pour info\n\nDe : Mme Tremblay <t@x.org>\nEnvoyé : 12 avril 2027 16:20\nObjet : Sortie\n\nSortie le jeudi 22 avril.")).toEqual(["own:-", "forwarded:2027-04-12"]);
  });
});

describe("replies", () => {
  it("separates the quoted history with its own date", () => {
    const text = "It is now on December 12.\n\nOn Nov 10, 2026, at 4:02 PM, Luis Ortega <l@x.org> wrote:\n> Our tournament is Saturday, December 5.\n> Register by Friday, November 20.";
    const segments = splitThread(text, ref);
    expect(segments.map((s) => s.kind)).toEqual(["own", "quoted"]);
    expect(segments[1]!.text).toContain("Our tournament is Saturday, December 5.");
    expect(segments[1]!.text).not.toContain(">");
    expect(isoDate(segments[1]!.reference!)).toBe("2026-11-10");
  });

  it("reads an Outlook reply's original message", () => {
    const text = "Moved to May 20.\n\n-----Original Message-----\nFrom: Ms. A <a@x.org>\nSent: Monday, April 26, 2027 4:00 PM\nSubject: Concert\n\nConcert May 12.";
    expect(summary(text)).toEqual(["own:-", "quoted:2027-04-26"]);
  });
});
