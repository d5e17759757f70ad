import { describe, expect, it } from "vitest";
import { errorScreenText } from "./error-screen";

describe("the router error screen's text (spec §2)", () => {
  it("says status and status text for an error response", () => {
    expect(errorScreenText({}, { status: 404, statusText: "Not Found" })).toEqual({ details: "404 Not Found" });
  });

  it("says the error's message, with its stack trace when one exists", () => {
    const error = new Error("Cannot read the feed");
    expect(errorScreenText(error)).toEqual({ details: "Cannot read the feed", stack: error.stack });
    const bare = new Error("No stack");
    bare.stack = undefined;
    expect(errorScreenText(bare)).toEqual({ details: "No stack" });
    expect(errorScreenText("thrown text")).toEqual({ details: "thrown text" });
  });
});
