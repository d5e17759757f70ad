import { describe, expect, it } from "vitest";
import { checkWatchlistAddress, watchlistSuggestions } from "./watchlist";

describe("checkWatchlistAddress", () => {
  it("asks for an address when empty", () => {
    expect(checkWatchlistAddress("   ")).toEqual({ ok: false, message: "Please type in an address or domain" });
  });

  it("needs a domain name", () => {
    expect(checkWatchlistAddress("coach")).toEqual({
      ok: false,
      message: "Address is missing a domain name (e.g., .com, .org, .me)",
    });
  });

  it("refuses characters an address cannot hold", () => {
    expect(checkWatchlistAddress("coach smith@club.org")).toEqual({
      ok: false,
      message: "Address contains invalid characters",
    });
    expect(checkWatchlistAddress("école.fr")).toMatchObject({ ok: false });
  });

  it("trims and lowercases addresses and domains", () => {
    expect(checkWatchlistAddress("  Ms.Lee@Maple-School.ORG ")).toEqual({
      ok: true,
      address: "ms.lee@maple-school.org",
    });
    expect(checkWatchlistAddress("teamsnap.com")).toEqual({ ok: true, address: "teamsnap.com" });
  });
});

describe("watchlistSuggestions", () => {
  it("offers known addresses that are not followed yet, once each", () => {
    expect(
      watchlistSuggestions(["coach@club.org", "Office@School.org", "office@school.org", "pta.org"], ["pta.org"]),
    ).toEqual(["coach@club.org", "office@school.org"]);
  });
});
