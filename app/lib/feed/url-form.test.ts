import { describe, expect, it } from "vitest";
import { foundMessage, urlProblem } from "./url-form";

describe("urlProblem", () => {
  it("checks in the spec's order and words", () => {
    expect(urlProblem("  ")).toBe("You must type or paste in a URL");
    expect(urlProblem("school site")).toBe("URL is missing a domain name (e.g., .com, .org, .me)");
    expect(urlProblem("https://school.org/calendar <b>")).toBe("URL contains invalid characters");
    expect(urlProblem("https://school.org/cal?y=2025&m=11#top")).toBeNull();
  });

  it("words the result", () => {
    expect(foundMessage(3)).toBe("Great! We found 3 new events");
    expect(foundMessage(0)).toBe("No events found. Try a different URL.");
  });
});
