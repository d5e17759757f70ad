import { describe, expect, it } from "vitest";
import { foundMessage, urlProblem, withScheme } from "./url-form";

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

describe("withScheme", () => {
  it("fetches https:// for an address typed without a scheme, and leaves one with a scheme alone", () => {
    expect(withScheme(" school.org/calendar ")).toBe("https://school.org/calendar");
    expect(withScheme("www.school.org:8443/cal?y=1")).toBe("https://www.school.org:8443/cal?y=1");
    expect(withScheme("//school.org/x")).toBe("https://school.org/x");
    expect(withScheme("http://school.org/")).toBe("http://school.org/");
    expect(withScheme("HTTPS://school.org/")).toBe("HTTPS://school.org/");
    // Refused by the server with its own words, not turned into https.
    expect(withScheme("ftp://school.org/")).toBe("ftp://school.org/");
  });
});
