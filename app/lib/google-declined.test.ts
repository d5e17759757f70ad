import { describe, expect, it } from "vitest";
import { declinedBack, declinedUrl, readDeclined } from "./google-declined";

describe("the way back after a Google denial", () => {
  it("goes back to where the parent asked", () => {
    expect(declinedBack("signin", "", null)).toBe("/");
    expect(declinedBack("gmail", "/join/watchlist", "/join/watchlist")).toBe("/join/email");
    expect(declinedBack("gmail", "/forward/address", "/join/watchlist")).toBe("/forward/address");
    expect(declinedBack("gcal", "/join/success", "/join/success")).toBe("/join/calendar");
    expect(declinedBack("gcal", "/profile", "/join/success")).toBe("/profile");
  });

  it("round-trips through the URL and takes only paths it knows", () => {
    const read = (path: string) => readDeclined(new URL(path, "https://cubby.example.com"));
    expect(read(declinedUrl("gmail", "/join/email"))).toEqual({ access: "gmail", back: "/join/email" });
    expect(read(declinedUrl("gcal", "/profile"))).toEqual({ access: "gcal", back: "/profile" });
    expect(read("/google/declined?access=gmail&back=//evil.example")).toEqual({ access: "gmail", back: "/join/email" });
    expect(read("/google/declined?access=gcal&back=https://evil.example/")).toEqual({ access: "gcal", back: "/join/calendar" });
    expect(read("/google/declined?access=root&back=/profile")).toEqual({ access: "signin", back: "/profile" });
    expect(read("/google/declined")).toEqual({ access: "signin", back: "/" });
  });
});
