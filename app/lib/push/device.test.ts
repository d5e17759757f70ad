import { describe, expect, it } from "vitest";
import { applicationServerKey, deviceProfile, TOKEN_REFRESH_MS, tokenIsStale } from "./device";

describe("deviceProfile", () => {
  it("prefers the client hints' platform and keeps to the server's limits", () => {
    expect(deviceProfile({ userAgent: "UA", platform: "Linux armv8l", userAgentData: { platform: "Android" } })).toEqual({
      userAgent: "UA",
      platform: "Android",
    });
    expect(deviceProfile({ userAgent: "x".repeat(600), platform: "iPhone" })).toEqual({ userAgent: "x".repeat(512), platform: "iPhone" });
    expect(deviceProfile({ userAgent: "UA" }).platform).toBe("");
  });
});

describe("tokenIsStale", () => {
  const now = Date.parse("2026-12-10T12:00:00Z");
  it("renews a token registered more than 7 days ago, and only then", () => {
    expect(tokenIsStale(new Date(now - TOKEN_REFRESH_MS - 1).toISOString(), now)).toBe(true);
    expect(tokenIsStale(new Date(now - TOKEN_REFRESH_MS + 60_000).toISOString(), now)).toBe(false);
    expect(tokenIsStale(null, now)).toBe(false);
    expect(tokenIsStale("not a date", now)).toBe(true);
  });
});

describe("applicationServerKey", () => {
  it("reads an uncompressed P-256 key written in base64url", () => {
    const key = applicationServerKey("BFlh2yZW1nkWvM5n0dSAUHxJE3yxQ_lk8Y-XCsz05ACV2qsG1BjevbKmcvUU8buOd8dqqBT4g6nsfNbJx-mgW_0");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});
