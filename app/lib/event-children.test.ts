import { describe, expect, it } from "vitest";
import { samePick, savePick, taggedChildren, toggleChild } from "./event-children";

const kids = [
  { _id: "maya", firstName: "Maya" },
  { _id: "leo", firstName: "Leo" },
  { _id: "sofia", firstName: "Sofia" },
];

describe("the children an event is tagged to", () => {
  it("follows the order the parent added their children, not the tag order", () => {
    expect(taggedChildren(["sofia", "maya"], kids).map((kid) => kid.firstName)).toEqual(["Maya", "Sofia"]);
  });

  it("leaves out a child who has since been removed", () => {
    expect(taggedChildren(["gone", "leo"], kids).map((kid) => kid._id)).toEqual(["leo"]);
  });

  it("is nobody for an event tagged to nobody", () => {
    expect(taggedChildren([], kids)).toEqual([]);
  });
});

describe("picking children", () => {
  it("adds an unpicked child in the parent's order and removes a picked one", () => {
    expect(toggleChild(["sofia"], "maya", kids)).toEqual(["maya", "sofia"]);
    expect(toggleChild(["maya", "sofia"], "maya", kids)).toEqual(["sofia"]);
  });

  it("may unpick the last child: an event for nobody", () => {
    expect(toggleChild(["leo"], "leo", kids)).toEqual([]);
  });

  it("drops ids of removed children, which the server would refuse", () => {
    expect(toggleChild(["gone"], "leo", kids)).toEqual(["leo"]);
  });

  it("knows a pick that changes nothing, in any order", () => {
    expect(samePick(["maya", "leo"], ["leo", "maya"])).toBe(true);
    expect(samePick(["maya"], ["maya", "leo"])).toBe(false);
    expect(samePick(["maya"], ["leo"])).toBe(false);
    expect(samePick([], [])).toBe(true);
  });
});

describe("saving a pick", () => {
  it("shows the pick before the server answers and keeps it once saved", async () => {
    const shown: string[][] = [];
    let answer!: () => void;
    const saved = savePick(["leo"], ["maya"], {
      show: (pick) => shown.push(pick),
      send: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    expect(shown).toEqual([["leo"]]);
    answer();
    expect(await saved).toEqual({ ok: true });
    expect(shown).toEqual([["leo"]]);
  });

  it("puts the earlier children back when the save fails, and hands over the error", async () => {
    const shown: string[][] = [];
    const failure = new Error("Children answered 500");
    const result = await savePick([], ["maya", "leo"], {
      show: (pick) => shown.push(pick),
      send: () => Promise.reject(failure),
    });
    expect(shown).toEqual([[], ["maya", "leo"]]);
    expect(result).toEqual({ ok: false, error: failure });
  });
});
