import { describe, expect, it } from "vitest";
import { readEml } from "./eml";

/** A one-page PDF that says `line`, written by hand so the test needs no files. */
function tinyPdf(line: string): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

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
});
