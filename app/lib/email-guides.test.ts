import { describe, expect, it } from "vitest";
import { DEMO_FILTER_FROM, FILTER_STEPS, FORWARD_STEPS, guideStep } from "./email-guides";

describe("email guides", () => {
  it("walks the forwarding steps in order and ends at the filter choice", () => {
    const titles = FORWARD_STEPS.map((step) => step.title);
    expect(titles[0]).toBe("Setup Email Forwarding");
    expect(titles).toContain("Enter Forwarding Address");
    expect(titles).toContain("Send Forwarding Confirmation");
    expect(titles).toContain("Allow Forwarding");
    expect(FORWARD_STEPS.at(-1)).toMatchObject({ title: "Ready", next: "/forward/filter" });
  });

  it("walks the filter steps in order and ends at Ready", () => {
    expect(FILTER_STEPS.map((step) => step.title)).toEqual([
      "Setup Email Filters",
      "Enter Filter Settings",
      "Complete Your Filter",
      "Ready",
    ]);
    expect(FILTER_STEPS.at(-1)!.next).toBe("/join/success");
  });

  it("chains every step to the next one", () => {
    for (const steps of [FORWARD_STEPS, FILTER_STEPS]) {
      for (let i = 0; i < steps.length - 1; i++) expect(steps[i]!.next).toBe(steps[i + 1]!.path);
    }
  });

  it("finds a step by path, ignoring a trailing slash", () => {
    expect(guideStep("/forward/allow")).toMatchObject({ index: 4, count: 6 });
    expect(guideStep("/filter/create/")?.step.title).toBe("Enter Filter Settings");
    expect(guideStep("/forward/address")).toBeUndefined();
  });

  it("demos Gmail's From field with three school-related domains (spec §9)", () => {
    expect(DEMO_FILTER_FROM).toBe("parentsquare.com OR schoolmessenger.com OR remind.com");
  });
});
