import { describe, expect, it } from "vitest";
import { schools } from "~/.server/db/schema";
import { db, send, signIn } from "./helpers";

type Result = { _id: string; name: string; city: string; stateProv: string };

async function search(body: unknown) {
  const { cookie } = await signIn();
  const response = await send("POST", "/api/schools/search", cookie, body);
  return { status: response.status, body: (await response.json()) as { results: Result[]; error?: string } };
}

describe("POST /api/schools/search by name", () => {
  it("answers name, city, province or state and id, names that start with the text first", async () => {
    const { status, body } = await search({ q: "lincoln" });
    expect(status).toBe(200);
    expect(body.results.map((school) => school.name)).toEqual([
      "Lincoln Middle School",
      "Lincoln Park Public School",
    ]);
    expect(body.results[0]).toEqual({ _id: "sample-us-002", name: "Lincoln Middle School", city: "Madison", stateProv: "WI" });
  });

  it("ranks equally good matches by distance from the parent", async () => {
    const nearToronto = await search({ q: "lincoln", location: "43.68,-79.41" });
    expect(nearToronto.body.results[0]!.name).toBe("Lincoln Park Public School");
    const elementary = await search({ q: "elementary", location: "47.61,-122.33" });
    expect(elementary.body.results[0]!.name).toBe("Franklin Elementary School");
  });

  it("keeps to Canada when the country is CAN", async () => {
    const { body } = await search({ q: "lincoln", country: "CAN" });
    expect(body.results.map((school) => school.name)).toEqual(["Lincoln Park Public School"]);
  });

  it("takes % and _ literally", async () => {
    expect((await search({ q: "%%" })).body.results).toEqual([]);
  });

  it("finds nothing for an unknown name", async () => {
    expect((await search({ q: "Hogwarts" })).body).toEqual({ results: [] });
  });
});

describe("POST /api/schools/search by grade and location", () => {
  it("finds schools teaching that grade, nearest first", async () => {
    const { body } = await search({ grade: "grade 10", location: "43.07,-89.40" });
    expect(body.results[0]!.name).toBe("West High School");
    expect(body.results.map((school) => school.name)).not.toContain("Maple Grove Elementary School");
  });

  it("finds the nearest even when the directory holds more matching schools than it ranks", async () => {
    // 250 schools far away, stored before the one near the parent.
    const far = Array.from({ length: 250 }, (_, n) =>
      db().insert(schools).values({ id: `test-far-${n}`, name: `Fjord School ${n}`, lat: 60 + n / 1000, lng: 10, gradeLow: 0, gradeHigh: 14 }).onConflictDoNothing(),
    );
    await db().batch([
      far[0]!,
      ...far.slice(1),
      db().insert(schools).values({ id: "test-near", name: "Harbour School", lat: -33.86, lng: 151.2, gradeLow: 0, gradeHigh: 14 }).onConflictDoNothing(),
    ]);
    const { body } = await search({ grade: "grade 3", location: "-33.87,151.21" });
    expect(body.results[0]!.name).toBe("Harbour School");
    const byName = await search({ q: "school", location: "-33.87,151.21" });
    expect(byName.body.results[0]!.name).toBe("Harbour School");
  });
});

describe("bad searches", () => {
  it.each([
    ["an empty name", { q: "  " }, "Please enter a school name"],
    ["a one-letter name", { q: "a" }, "School name is too short"],
    ["an unknown grade", { grade: "grade 13" }, "Please choose a grade from the list."],
    ["a malformed location", { q: "lincoln", location: "Toronto" }, "location is 'lat,lng'."],
    ["neither name nor grade", {}, "Send {q, location?, country?} or {grade, location?, country?}."],
  ])("refuses %s with a clear 400", async (_label, payload, message) => {
    const { status, body } = await search(payload);
    expect(status).toBe(400);
    expect(body).toEqual({ error: message });
  });
});
