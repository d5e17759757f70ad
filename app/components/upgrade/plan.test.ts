import { describe, expect, it } from "vitest";
import { BASIC_FEATURES, comparison, PREMIUM_ADDS, premiumSentence, subscriptionView } from "./plan";

const basic = { subscriptionStatus: null, cancelAtPeriodEnd: false, currentPeriodEnd: null };

describe("subscriptionView", () => {
  it("shows the Upgrade card to Basic parents, including ones whose subscription ended", () => {
    expect(subscriptionView(basic)).toEqual({ plan: "basic" });
    for (const status of ["canceled", "incomplete", "unpaid", "paused"]) {
      expect(subscriptionView({ ...basic, subscriptionStatus: status })).toEqual({ plan: "basic" });
    }
    // A cancelled subscription that already ended has nothing left to cancel.
    expect(
      subscriptionView({ subscriptionStatus: "canceled", cancelAtPeriodEnd: true, currentPeriodEnd: "2027-01-15T12:00:00Z" }),
    ).toEqual({ plan: "basic" });
  });

  it("counts active, trialing and past_due as Premium (spec §4)", () => {
    for (const status of ["active", "trialing", "past_due"]) {
      expect(subscriptionView({ ...basic, subscriptionStatus: status })).toEqual({ plan: "premium", cancelsOn: null });
    }
  });

  it("gives the 'Cancels on {date}' date only when the subscription ends at the period's end", () => {
    const ending = { subscriptionStatus: "active", cancelAtPeriodEnd: true, currentPeriodEnd: "2027-01-15T12:00:00Z" };
    expect(subscriptionView(ending)).toEqual({ plan: "premium", cancelsOn: "Jan 15, 2027" });
    expect(subscriptionView({ ...ending, cancelAtPeriodEnd: false })).toEqual({ plan: "premium", cancelsOn: null });
    expect(subscriptionView({ ...ending, currentPeriodEnd: null })).toEqual({ plan: "premium", cancelsOn: null });
  });
});

describe("comparison", () => {
  const rows = comparison();

  it("lists every spec §6 feature once", () => {
    expect(rows.map((row) => row.feature).toSorted()).toEqual([...BASIC_FEATURES, ...PREMIUM_ADDS].toSorted());
  });

  it("gives Basic exactly its features and Premium everything but the 5-email cap", () => {
    expect(rows.filter((row) => row.basic).map((row) => row.feature)).toEqual([...BASIC_FEATURES]);
    expect(rows.filter((row) => !row.premium).map((row) => row.feature)).toEqual(["5 emails per month"]);
  });
});

describe("premiumSentence", () => {
  it("reads spec §6's Premium features as the Premium card's sentence", () => {
    expect(premiumSentence()).toBe(
      "Unlimited emails, events from webpages and PDFs, sharing events with partners, push notifications, homescreen app and weekly previews.",
    );
  });
});
