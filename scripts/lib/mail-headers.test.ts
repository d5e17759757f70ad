import { describe, expect, it } from "vitest";
import { addressIn, headerValue, replaceHeader } from "./mail-headers";

const raw = [
  "From: \"Thunder U10 (via TeamHub)\" <Notifications@TeamHub.example.com>",
  "Subject: [Thunder U10] Fall game",
  " schedule posted",
  "Content-Type: text/plain",
  "",
  "Subject: not a header, this is the body",
].join("\r\n");

describe("headerValue", () => {
  it("reads a header case-insensitively and unfolds it", () => {
    expect(headerValue(raw, "subject")).toBe("[Thunder U10] Fall game schedule posted");
    expect(headerValue(raw, "Content-Type")).toBe("text/plain");
  });

  it("never reads the body", () => {
    expect(headerValue(raw, "Date")).toBeNull();
  });
});

describe("addressIn", () => {
  it("finds the address with or without a display name", () => {
    expect(addressIn(headerValue(raw, "From"))).toBe("notifications@teamhub.example.com");
    expect(addressIn("coach@club.example.org")).toBe("coach@club.example.org");
    expect(addressIn("Undisclosed recipients:;")).toBeNull();
    expect(addressIn(null)).toBeNull();
  });
});

describe("replaceHeader", () => {
  it("replaces a folded header with one line and leaves the rest alone", () => {
    const changed = replaceHeader(raw, "Subject", "Reminder: game day");
    expect(changed).toBe(
      [
        "From: \"Thunder U10 (via TeamHub)\" <Notifications@TeamHub.example.com>",
        "Subject: Reminder: game day",
        "Content-Type: text/plain",
        "",
        "Subject: not a header, this is the body",
      ].join("\r\n"),
    );
  });

  it("says so when the header is missing", () => {
    expect(() => replaceHeader(raw, "Reply-To", "x@example.org")).toThrow(/Reply-To/);
  });
});
