import { fileURLToPath } from "node:url";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { cubbyAddress, decodeHeaderWords, loadTemplates, newMessageId, prepareMail } from "./sample-inbox";

const INBOX = fileURLToPath(new URL("../../samples/inbox", import.meta.url));
const sentAt = new Date("2026-10-06T12:15:00Z");
const to = "maya@in.cubby.localhost";

describe("cubbyAddress", () => {
  it("builds the forwarding address from a username and keeps a full address", () => {
    expect(cubbyAddress("Maya")).toBe("maya@in.cubby.localhost");
    expect(cubbyAddress(" maya@in.cubby.localhost ")).toBe("maya@in.cubby.localhost");
  });

  it("refuses what is neither", () => {
    expect(() => cubbyAddress("maya rivera")).toThrow(/username/);
    expect(() => cubbyAddress("maya@")).toThrow(/address/);
  });
});

describe("newMessageId", () => {
  it("uses the sender's domain", () => {
    expect(newMessageId("coach@club.example.org", "a1-b2")).toBe("<a1-b2@club.example.org>");
    expect(newMessageId(null, "x")).toBe("<x@cubby.localhost>");
  });
});

describe("decodeHeaderWords", () => {
  it("decodes Q and B encoded words and joins adjacent ones", () => {
    expect(decodeHeaderWords("=?UTF-8?Q?=C3=89cole_des_Trois?= news")).toBe("École des Trois news");
    expect(decodeHeaderWords("=?UTF-8?B?w4l0w6k=?= =?UTF-8?Q?_camp?=")).toBe("Été camp");
    expect(decodeHeaderWords("Plain subject")).toBe("Plain subject");
  });
});

const templates = await loadTemplates([INBOX]);

describe("the sample inbox", () => {
  it("has at least twelve samples", () => {
    expect(templates.length).toBeGreaterThanOrEqual(12);
  });

  it.each(templates.map((t) => [t.name, t] as const))("fills %s into a message a mail parser reads whole", async (_name, template) => {
    const mail = prepareMail(template, { sentAt, to });
    expect(mail.raw).not.toMatch(/\{\{|\}\}/);
    // CRLF everywhere: no bare line feed once the CRLFs are gone.
    expect(mail.raw.replace(/\r\n/g, "")).not.toContain("\n");
    const parsed = await PostalMime.parse(mail.raw);
    expect(parsed.from?.address).toBe(mail.from);
    expect(parsed.to?.map((a) => a.address)).toContain(to);
    expect(parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    expect(new Date(parsed.date!).getTime()).toBe(sentAt.getTime());
    expect(parsed.subject).toBe(mail.subject);
    expect((parsed.text ?? parsed.html ?? "").length).toBeGreaterThan(100);
  });

  it("gives each send its own Message-ID", () => {
    const [first] = templates;
    const a = prepareMail(first!, { sentAt, to });
    const b = prepareMail(first!, { sentAt, to });
    expect(a.raw).not.toBe(b.raw);
  });

  it("decodes the French notice's accents and dates", async () => {
    const template = templates.find((t) => t.name.includes("french"))!;
    const parsed = await PostalMime.parse(prepareMail(template, { sentAt, to }).raw);
    expect(parsed.subject).toContain("journée pédagogique");
    // The first Friday at least four days after Tuesday 6 October.
    expect(parsed.text).toContain("Le vendredi 16 octobre est une journée pédagogique");
  });

  it("attaches a calendar whose dates follow the send", async () => {
    const template = templates.find((t) => t.name.includes("ics"))!;
    const parsed = await PostalMime.parse(prepareMail(template, { sentAt, to }).raw);
    const calendar = parsed.attachments.find((a) => a.mimeType === "text/calendar");
    const text = new TextDecoder().decode(calendar!.content as ArrayBuffer);
    expect(text).toContain("DTSTART;TZID=America/Toronto:20261015T184000");
    expect(text).toContain("DTEND;VALUE=DATE:20261017");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r?\n/);
  });
});
