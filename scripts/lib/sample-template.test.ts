import { describe, expect, it } from "vitest";
import { fill, stepDays, TemplateError } from "./sample-template";

// Tuesday 6 October 2026, 08:15 in Toronto (EDT, UTC−4).
const sentAt = new Date("2026-10-06T12:15:00Z");
const send = { sentAt, to: "maya@in.cubby.localhost", messageId: "<abc.123@school.example.org>" };
const TUESDAY = { year: 2026, month: 10, day: 6 };

function body(raw: string): string {
  return raw.split("\r\n\r\n").slice(1).join("\r\n\r\n");
}

describe("fill", () => {
  it("fills the Date header, Message-ID and recipient", () => {
    const raw = fill("Date: {{sent}}\nMessage-ID: {{msgid}}\nTo: {{to}}\n\nHi", send);
    expect(raw).toBe(
      "Date: Tue, 06 Oct 2026 08:15:00 -0400\r\nMessage-ID: <abc.123@school.example.org>\r\nTo: maya@in.cubby.localhost\r\n\r\nHi",
    );
  });

  it("writes the Date header in the zone it is given, with that zone's offset", () => {
    const raw = fill("Date: {{sent}}\n\n", { ...send, timeZone: "America/Vancouver" });
    expect(raw).toContain("Date: Tue, 06 Oct 2026 05:15:00 -0700");
  });

  it("adds angle brackets to a bare Message-ID", () => {
    expect(fill("{{msgid}}", { ...send, messageId: "x1@example.org" })).toBe("<x1@example.org>");
  });

  it("counts days from the send day and formats them", () => {
    expect(fill("{{date:+5:dddd, MMMM D}}", send)).toBe("Sunday, October 11");
    expect(fill("{{date:0:ddd, MMM D, YYYY}}", send)).toBe("Tue, Oct 6, 2026");
    expect(fill("{{date:-1:M/D/YY}}", send)).toBe("10/5/26");
    expect(fill("{{date:+26:YYYYMMDD}}", send)).toBe("20261101");
    expect(fill("{{date:+3:MMMM Do}} {{date:+16:Do}} {{date:+5:Do}}", send)).toBe("October 9th 22nd 11th");
  });

  it("takes the send day in the sender's zone, not in UTC", () => {
    // 23:30 in Toronto is already the next day in UTC.
    const lateEvening = new Date("2026-10-07T03:30:00Z");
    expect(fill("{{date:0:dddd D}}", { ...send, sentAt: lateEvening })).toBe("Tuesday 6");
  });

  it("keeps calendar days across a daylight-saving change", () => {
    // Clocks fall back on Sunday 1 November 2026 in Toronto.
    expect(fill("{{date:+26:dddd, MMMM D}} {{date:+27:dddd, MMMM D}}", send)).toBe(
      "Sunday, November 1 Monday, November 2",
    );
  });

  it("writes French dates for :fr", () => {
    expect(fill("{{date:+3:dddd Do MMMM:fr}}", send)).toBe("vendredi 9 octobre");
    expect(fill("{{date:+26:dddd Do MMMM YYYY:fr}}", send)).toBe("dimanche 1er novembre 2026");
    expect(fill("{{date:+123:D MMMM:fr}}", send)).toBe("6 février");
  });

  it("copies [bracketed] text in a format as is", () => {
    expect(fill("{{date:+1:[le] D}}", send)).toBe("le 7");
  });

  it("encodes a base64 part after filling it, with CRLF inside and 76-column lines", () => {
    const template = "X\n\n{{encode:base64}}\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:{{date:+10:YYYYMMDD}}\nEND:VEVENT\n{{/encode}}\n";
    const encoded = body(fill(template, send)).trim();
    expect(Buffer.from(encoded, "base64").toString("utf8")).toBe(
      "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261016\r\nEND:VEVENT\r\n",
    );
    const long = body(fill(`X\n\n{{encode:base64}}\n${"a".repeat(200)}\n{{/encode}}`, send));
    expect(long.split("\r\n").every((line) => line.length <= 76)).toBe(true);
  });

  it("encodes a quoted-printable part: UTF-8 bytes, '=' escaped, soft line breaks", () => {
    const template = `X\n\n{{encode:quoted-printable}}\n<p style="a">Été – {{date:+1:MMM D}}</p>\n${"word ".repeat(30)}\n{{/encode}}`;
    const encoded = body(fill(template, send));
    const lines = encoded.split("\r\n");
    expect(lines[0]).toBe("<p style=3D\"a\">=C3=89t=C3=A9 =E2=80=93 Oct 7</p>");
    expect(lines.every((line) => line.length <= 76)).toBe(true);
    // Soft breaks removed, the text comes back; trailing space is protected.
    const decoded = encoded.replace(/=\r\n/g, "").split("\r\n")[1];
    expect(decoded).toBe(`${"word ".repeat(29)}word=20`);
  });

  it("turns every line ending into CRLF", () => {
    expect(fill("A: 1\nB: 2\r\n\nbody\n", send)).toBe("A: 1\r\nB: 2\r\n\r\nbody\r\n");
  });

  it("is pure: the same template and send give the same mail", () => {
    const template = "Date: {{sent}}\nMessage-ID: {{msgid}}\n\n{{date:+2>sat:dddd}}";
    expect(fill(template, send)).toBe(fill(template, send));
  });

  it("refuses unknown tokens, bad steps and bad Message-IDs instead of sending half-filled mail", () => {
    expect(() => fill("{{subject}}", send)).toThrow(TemplateError);
    expect(() => fill("{{date:soon:D}}", send)).toThrow(/date steps/);
    expect(() => fill("{{date:+1>fri}}", send)).toThrow(/Cannot read/);
    expect(() => fill("{{date:+1:D:de}}", send)).toThrow(/Cannot read/);
    expect(() => fill("{{date:+1>xyz:D}}", send)).toThrow(/weekday/);
    expect(() => fill("{{encode:uuencode}}\nx\n{{/encode}}", send)).toThrow(/encoding/);
    expect(() => fill("{{msgid}}", { ...send, messageId: "no-at-sign" })).toThrow(/Message-ID/);
  });
});

describe("stepDays", () => {
  it("moves by days and weeks", () => {
    expect(stepDays(TUESDAY, "+1")).toEqual({ year: 2026, month: 10, day: 7 });
    expect(stepDays(TUESDAY, "-7")).toEqual({ year: 2026, month: 9, day: 29 });
    expect(stepDays(TUESDAY, "+2w")).toEqual({ year: 2026, month: 10, day: 20 });
    expect(stepDays(TUESDAY, "0")).toEqual(TUESDAY);
  });

  it("snaps forward to a weekday, staying put when already on it", () => {
    expect(stepDays(TUESDAY, ">tue")).toEqual(TUESDAY);
    expect(stepDays(TUESDAY, ">mon")).toEqual({ year: 2026, month: 10, day: 12 });
    expect(stepDays(TUESDAY, "+1>tue")).toEqual({ year: 2026, month: 10, day: 13 });
  });

  it("moves a weekend day on to Monday for >weekday", () => {
    expect(stepDays(TUESDAY, ">weekday")).toEqual(TUESDAY);
    expect(stepDays(TUESDAY, "+4>weekday")).toEqual({ year: 2026, month: 10, day: 12 }); // Saturday → Monday
    expect(stepDays(TUESDAY, "+5>weekday")).toEqual({ year: 2026, month: 10, day: 12 }); // Sunday → Monday
    expect(stepDays(TUESDAY, "+3>weekday")).toEqual({ year: 2026, month: 10, day: 9 }); // Friday stays
  });

  it("chains steps left to right", () => {
    // The Thursday after the first Tuesday after the send day.
    expect(stepDays(TUESDAY, "+1>tue+2")).toEqual({ year: 2026, month: 10, day: 15 });
    // New Year across a year boundary.
    expect(stepDays({ year: 2026, month: 12, day: 30 }, "+3")).toEqual({ year: 2027, month: 1, day: 2 });
  });
});
