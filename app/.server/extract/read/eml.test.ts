import { describe, expect, it } from "vitest";
import { readEml } from "./eml";
import { pdfToText } from "./pdf";
import { tinyPdf } from "./tiny-pdf.fixture";

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/.{76}/g, "$&\r\n");

describe("readEml", () => {
  it("reads headers, both parts, a PDF and a calendar attachment", async () => {
    const raw = [
      "From: Oak Ridges <office@oak.example.org>", "Subject: =?utf-8?b?T2N0b2JlciDinIU=?=", "Date: Thu, 01 Oct 2026 16:00:00 -0400",
      'Content-Type: multipart/mixed; boundary="m"', "", "--m", 'Content-Type: multipart/alternative; boundary="a"', "",
      "--a", "Content-Type: text/plain; charset=utf-8", "", "PA day Friday, October 23.", "--a", "Content-Type: text/html; charset=utf-8", "",
      "<p>PA day <b>Friday, October 23</b>.</p>", "--a--", "--m", "Content-Type: application/pdf; name=news.pdf", "Content-Transfer-Encoding: base64", "",
      b64(tinyPdf("Photo retake day October 6")), "--m", "Content-Type: text/calendar; name=a.ics", "",
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:X", "DTSTART;VALUE=DATE:20261023", "END:VEVENT", "END:VCALENDAR", "--m--", "",
    ].join("\r\n");
    const doc = await readEml(raw);
    expect(doc).toMatchObject({ kind: "email", subject: "October ✅", from: { name: "Oak Ridges", address: "office@oak.example.org" } });
    expect(doc.sentAt?.toISOString()).toBe("2026-10-01T20:00:00.000Z");
    expect(doc.text).toContain("PA day Friday, October 23.");
    expect(doc.html).toContain("<b>Friday, October 23</b>");
    expect(doc.attachments.map((a) => a.contentType)).toEqual(["application/pdf", "text/calendar"]);
    expect(doc.attachments[0]!.text).toContain("Photo retake day October 6");
  });

  it("reads what it can from malformed mail: truncated multipart, bad base64, unknown charset, no Date or Message-ID", async () => {
    const raw = [
      "From: School <s@x.org>", "Subject: Spirit week", 'Content-Type: multipart/alternative; boundary="XYZ"', "",
      "--XYZ", 'Content-Type: text/plain; charset="x-unknown"', "", "Spirit Week is Monday, February 22!",
      "--XYZ", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64", "", "PGh0bWw+!!!not###base64", "",
    ].join("\r\n");
    const doc = await readEml(raw);
    expect(doc.subject).toBe("Spirit week");
    expect(doc.sentAt).toBeNull();
    expect(doc.text).toContain("Spirit Week is Monday, February 22!");
  });

  it("keeps the body when a PDF attachment is damaged", async () => {
    const raw = [
      "From: s@x.org", "Subject: Letter", 'Content-Type: multipart/mixed; boundary="m"', "", "--m", "Content-Type: text/plain", "", "See the letter.",
      "--m", "Content-Type: application/pdf; name=letter.pdf", "Content-Transfer-Encoding: base64", "", "JVBERi0xLjQKbm90IGEgcGRm", "--m--", "",
    ].join("\r\n");
    const doc = await readEml(new TextEncoder().encode(raw));
    expect(doc.text).toContain("See the letter.");
    expect(doc.attachments).toEqual([]);
  });

  it("reads an HTML-only message into text", async () => {
    const doc = await readEml("From: a@x.org\r\nSubject: Hi\r\nContent-Type: text/html\r\n\r\n<table><tr><td>Oct 3</td><td>Game</td></tr></table>");
    expect(doc.text).toBe("Oct 3 | Game");
  });

  it("throws a clear error when nothing is readable", async () => {
    await expect(readEml(new Uint8Array([0, 0, 0]))).rejects.toThrow(/Unreadable e-mail/);
  });

  it("keeps a PDF's bytes unread when asked, for the queue to read later", async () => {
    const raw = [
      "From: School <s@x.org>", "Subject: Flyer", 'Content-Type: multipart/mixed; boundary="m"', "",
      "--m", "Content-Type: text/plain", "", "See the flyer.", "--m", "Content-Type: application/pdf; name=flyer.pdf", "Content-Transfer-Encoding: base64", "",
      b64(tinyPdf("Book fair May 4")), "--m--", "",
    ].join("\r\n");
    const doc = await readEml(raw, { pdfs: "keep" });
    expect(doc.attachments).toHaveLength(1);
    expect(doc.attachments[0]).toMatchObject({ filename: "flyer.pdf", contentType: "application/pdf", text: "" });
    expect(await pdfToText(doc.attachments[0]!.pdfBytes!)).toContain("Book fair May 4");
  });
});

describe("pdfToText", () => {
  it("reads at most the page limit, and stops between pages once the time limit has passed", async () => {
    const pdf = tinyPdf("Page one", "Page two", "Page three");
    expect(await pdfToText(pdf)).toMatch(/Page one[\s\S]*Page two[\s\S]*Page three/);
    const two = await pdfToText(pdf, { pages: 2, ms: 10_000 });
    expect(two).toContain("Page two");
    expect(two).not.toContain("Page three");
    const none = await pdfToText(pdf, { pages: 30, ms: -1 });
    expect(none).not.toContain("Page one");
  });
});
