import { describe, expect, it } from "vitest";
import { forwardingNext, usernameFrom } from "./forwarding-next";

describe("forwardingNext", () => {
  it("takes Cubby's forwarding screens and the profile, nothing else", () => {
    expect(forwardingNext("/forward/address")).toBe("/forward/address");
    expect(forwardingNext("/filter/address")).toBe("/filter/address");
    expect(forwardingNext("/profile")).toBe("/profile");
    expect(forwardingNext(null)).toBeNull();
    expect(forwardingNext("//evil.example/forward/x")).toBeNull();
    expect(forwardingNext("https://evil.example/")).toBeNull();
    expect(forwardingNext("/api/auth/google/gmail")).toBeNull();
  });

  it("round-trips through the username screen's URL", () => {
    const url = new URL(usernameFrom("/forward/address"), "https://cubby.example.com");
    expect(url.pathname).toBe("/join/username");
    expect(forwardingNext(url.searchParams.get("next"))).toBe("/forward/address");
  });
});
