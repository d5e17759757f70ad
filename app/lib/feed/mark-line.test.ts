import { describe, expect, it } from "vitest";
import { comparable, markKey } from "./mark-line";

describe("the line an event came from, found again in its message", () => {
  it("is looked for by the words of its last line, whatever the spacing, case and punctuation", () => {
    expect(comparable("- Book swap:  Bring ONE book!")).toBe("book swap bring one book");
    expect(markKey("Tue 3/2 – Day B (Music)\n- Pajama reading morning: bring a pillow.")).toBe("pajama reading morning bring a pillow");
    expect(markKey("Picture day is Tuesday, March 9, in the gym. Bring a comb and a big smile for everyone.")).toBe(
      "picture day is tuesday march 9 in the gym bring",
    );
  });

  it("is not looked for when the line is too short to find again", () => {
    expect(markKey("- Oct 3")).toBeNull();
  });
});
