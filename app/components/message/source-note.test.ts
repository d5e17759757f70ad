import { describe, expect, it } from "vitest";
import { sourceNote } from "./MessageCard";

describe("the message card's note (spec §2)", () => {
  it("counts the events of an e-mail, or of a web page or PDF 'found in URL'", () => {
    expect(sourceNote(1, false)).toBe("1 event in this message");
    expect(sourceNote(3, false)).toBe("3 events in this message");
    expect(sourceNote(1, true)).toBe("1 event found in URL");
    expect(sourceNote(0, true)).toBe("0 events found in URL");
  });
});
