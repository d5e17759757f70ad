import { describe, expect, it } from "vitest";
import { afterReady, isPremium } from "./profile";

describe("afterReady", () => {
  it("sends a parent who has not seen the tutorial to /tutorial", () => {
    expect(afterReady({ preferences: {} })).toBe("/tutorial");
    expect(afterReady({ preferences: { firstViewTutorial: false } })).toBe("/tutorial");
  });

  it("sends a parent who has seen it to /focus", () => {
    expect(afterReady({ preferences: { firstViewTutorial: true } })).toBe("/focus");
  });
});

describe("isPremium", () => {
  it("counts active, trialing and past_due as Premium", () => {
    for (const status of ["active", "trialing", "past_due"]) {
      expect(isPremium({ subscriptionStatus: status })).toBe(true);
    }
  });

  it("counts anything else as Basic", () => {
    for (const status of ["canceled", "incomplete", "unpaid", null]) {
      expect(isPremium({ subscriptionStatus: status })).toBe(false);
    }
    expect(isPremium(null)).toBe(false);
  });
});
