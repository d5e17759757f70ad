import { describe, expect, it } from "vitest";
import { billingUrl } from "./billing-url";

describe("billingUrl", () => {
  it("follows the web address the API answers", () => {
    const url = "https://buy.stripe.com/test_123?prefilled_email=a%40b.c";
    expect(billingUrl({ url })).toBe(url);
    expect(billingUrl({ url: "http://localhost:5173/api/billing/fake/checkout" })).toBe(
      "http://localhost:5173/api/billing/fake/checkout",
    );
  });

  it("refuses anything that is not one", () => {
    for (const body of [null, {}, { url: 42 }, { url: "" }, { url: "javascript:alert(1)" }, { error: "Billing is not configured" }]) {
      expect(() => billingUrl(body)).toThrow("The billing answer has no web address.");
    }
  });
});
