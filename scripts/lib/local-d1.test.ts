import { describe, expect, it } from "vitest";
import { parentEmail, sqlText } from "./local-d1";

describe("parentEmail", () => {
  it("normalises as sign-in stores it", () => {
    expect(parentEmail("  Maya.Rivera+kids@Example.COM ")).toBe("maya.rivera+kids@example.com");
    expect(parentEmail("o'brien@example.ie")).toBe("o'brien@example.ie");
  });

  it("refuses anything that could not be a parent's address, including SQL", () => {
    for (const bad of ["", "maya", "maya@", "@example.com", "maya@example", "a b@example.com", "x@example.com' OR '1'='1", "x@example.com;--", "x@exa mple.com"]) {
      expect(() => parentEmail(bad)).toThrow(/Not an e-mail address/);
    }
  });
});

describe("sqlText", () => {
  it("quotes a value as one SQL string literal", () => {
    expect(sqlText("o'brien@example.ie")).toBe("'o''brien@example.ie'");
    expect(sqlText("plain@example.com")).toBe("'plain@example.com'");
  });
});
