import { describe, expect, it } from "vitest";
import { bareAddress, isAppAddress } from "./app-address";

describe("the app's own address (spec §6 app icon)", () => {
  it("reads the address out of a sender line", () => {
    expect(bareAddress("Cubby <Hello@Cubby.app>")).toBe("hello@cubby.app");
    expect(bareAddress(" hello@cubby.app ")).toBe("hello@cubby.app");
    expect(bareAddress("Cubby")).toBeNull();
    expect(bareAddress(null)).toBeNull();
  });

  it("knows Cubby by its address, not by a name anyone can write", () => {
    const app = "Cubby <hello@cubby.app>";
    expect(isAppAddress("HELLO@cubby.app", app)).toBe(true);
    expect(isAppAddress("Cubby <hello@cubby.app.evil.example>", app)).toBe(false);
    expect(isAppAddress("Cubby", app)).toBe(false);
    expect(isAppAddress("hello@cubby.app", null)).toBe(false);
  });
});
