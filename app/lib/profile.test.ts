import { describe, expect, it } from "vitest";
import { afterReady } from "./profile";

describe("afterReady", () => {
  it("sends a parent who has not seen the tutorial to /tutorial", () => {
    expect(afterReady({ preferences: {} })).toBe("/tutorial");
    expect(afterReady({ preferences: { firstViewTutorial: false } })).toBe("/tutorial");
  });

  it("sends a parent who has seen it to /focus", () => {
    expect(afterReady({ preferences: { firstViewTutorial: true } })).toBe("/focus");
  });
});
