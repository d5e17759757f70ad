import { describe, expect, it } from "vitest";
import { cardClosesAfterDrag, drawerAfterDrag, shortName } from "./drag";

describe("drawer drag", () => {
  it("maximizes up, closes down past 40 px, else snaps back", () => {
    expect(drawerAfterDrag("open", -30)).toBe("maximized");
    expect(drawerAfterDrag("open", 41)).toBe("closed");
    expect(drawerAfterDrag("open", 40)).toBe("open");
    expect(drawerAfterDrag("maximized", 60)).toBe("open");
    expect(drawerAfterDrag("maximized", 5)).toBe("maximized");
  });

  it("closes the card beyond a quarter of its height", () => {
    expect(cardClosesAfterDrag(201, 800)).toBe(true);
    expect(cardClosesAfterDrag(200, 800)).toBe(false);
  });

  it("shortens names to 16 characters", () => {
    expect(shortName("Science fair projects due")).toBe("Science fair pro");
    expect(shortName("Picture day")).toBe("Picture day");
  });
});
