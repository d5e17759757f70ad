import { describe, expect, it } from "vitest";
import { feedEvent } from "../event.fixture";
import { changesAhead } from "./changes";

describe("changesAhead", () => {
  const unsure = feedEvent({ _id: "unsure", needsReview: true });
  const tagged = feedEvent({ _id: "tagged", taggedPeople: ["maya"] });

  it("keeps a change an answer read before it does not show", () => {
    expect(changesAhead([["unsure", { needsReview: false }]], [unsure, tagged])).toEqual([["unsure", { needsReview: false }]]);
  });

  it("drops a change the answer shows", () => {
    expect(changesAhead([["unsure", { needsReview: false }]], [{ ...unsure, needsReview: false }])).toEqual([]);
    expect(changesAhead([["tagged", { taggedPeople: ["maya"] }]], [tagged])).toEqual([]);
  });

  it("folds an event's changes in order: a failed request's change back leaves nothing", () => {
    expect(changesAhead([["unsure", { needsReview: false }], ["unsure", { needsReview: true }]], [unsure])).toEqual([]);
    expect(
      changesAhead(
        [
          ["tagged", { taggedPeople: ["maya", "leo"] }],
          ["tagged", { like: true }],
          ["tagged", { taggedPeople: ["maya"] }],
        ],
        [tagged],
      ),
    ).toEqual([["tagged", { like: true }]]);
  });

  it("keeps only the fields the answer differs in", () => {
    expect(changesAhead([["unsure", { dislike: true, needsReview: true }]], [unsure])).toEqual([["unsure", { dislike: true }]]);
  });

  it("drops the changes of an event the answer no longer has", () => {
    expect(changesAhead([["gone", { like: true }]], [unsure])).toEqual([]);
  });
});
