import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./school-directory";
import { ccdRows, detectFormat, geocodesByNcesId, ontarioGrades, ontarioRows, pssGrade, pssRows, websiteDomain } from "./school-formats";

const fixture = (name: string) => parseCsv(readFileSync(`tests/fixtures/schools/${name}`, "utf8"));

describe("detectFormat", () => {
  it("knows each published layout by its columns", () => {
    expect(detectFormat(fixture("ccd_sch_029_2324_w_1a_073124.csv")[0]!)).toBe("ccd");
    expect(detectFormat(fixture("pss2122_pu.csv")[0]!)).toBe("pss");
    expect(detectFormat(fixture("ontario-public-school-contact-information.csv")[0]!)).toBe("ontario");
    expect(detectFormat(parseCsv(readFileSync("data/schools/sample.csv", "utf8"))[0]!)).toBeNull();
  });
});

describe("ccdRows (NCES Common Core of Data directory + EDGE geocodes)", () => {
  const geocodes = geocodesByNcesId(fixture("EDGE_GEOCODE_PUBLICSCH_2324.csv"));
  const { schools, skipped } = ccdRows(fixture("ccd_sch_029_2324_w_1a_073124.csv"), geocodes);

  it("reads open schools with their grade span, place, website domain and geocode", () => {
    expect(schools.find((s) => s.name === "Lapham Elementary")).toEqual({
      id: "us-550852000660",
      name: "Lapham Elementary",
      city: "Madison",
      stateProv: "WI",
      country: "USA",
      lat: 43.0806,
      lng: -89.3775,
      gradeLow: 2, // KG
      gradeHigh: 4, // grade 2
      domain: "madison.k12.wi.us",
      calendarUrl: null,
    });
    expect(schools.find((s) => s.name.startsWith("Shabazz"))).toMatchObject({ name: "Shabazz City High, an Alternative School", gradeLow: 11, gradeHigh: 14 });
    expect(schools.find((s) => s.name === "Zilker Elementary")).toMatchObject({ gradeLow: 1, gradeHigh: 7, domain: "zilker.austinisd.org", lat: 30.2552 });
  });

  it("leaves closed schools out, and falls back on LEVEL for ungraded ones", () => {
    expect(skipped).toBe(1);
    expect(schools.map((s) => s.name)).not.toContain("Old Pecan Street Academy");
    expect(schools.find((s) => s.name === "Austin Ungraded Center")).toMatchObject({ gradeLow: 8, gradeHigh: 10, domain: null, lat: null });
  });
});

describe("pssRows (NCES Private School Universe Survey)", () => {
  it("reads private schools with the PSS grade codes and year-suffixed coordinates", () => {
    const { schools, skipped } = pssRows(fixture("pss2122_pu.csv"));
    expect(skipped).toBe(0);
    expect(schools[0]).toEqual({
      id: "us-pss-A0100001",
      name: "Holy Redeemer Catholic School",
      city: "Madison",
      stateProv: "WI",
      country: "USA",
      lat: 43.0768,
      lng: -89.3869,
      gradeLow: 2, // kindergarten
      gradeHigh: 7, // grade 5 (code 10)
      domain: null,
      calendarUrl: null,
    });
    expect(schools[1]).toMatchObject({ name: "Friends of the Earth Montessori, Inc.", gradeLow: 1, gradeHigh: 3 });
    expect(schools[2]).toMatchObject({ gradeLow: 3, gradeHigh: 14 });
  });

  it("maps every PSS grade code", () => {
    expect(["1", "2", "3", "4", "5", "6", "17", "18"].map(pssGrade)).toEqual([null, 1, 2, 2, 3, 3, 14, null]);
  });
});

describe("ontarioRows (Ontario public school contact information)", () => {
  it("reads Ontario's schools with their grade range, in Canada", () => {
    const { schools } = ontarioRows(fixture("ontario-public-school-contact-information.csv"));
    expect(schools[0]).toEqual({
      id: "ca-on-123456",
      name: "Withrow Avenue Junior Public School",
      city: "Toronto",
      stateProv: "ON",
      country: "CAN",
      lat: 43.6712,
      lng: -79.3504,
      gradeLow: 1, // JK
      gradeHigh: 8, // grade 6
      domain: "schoolweb.tdsb.on.ca",
      calendarUrl: null,
    });
    expect(schools[1]).toMatchObject({ name: "Riverdale Collegiate Institute", gradeLow: 11, gradeHigh: 14 });
    // No grade range: elementary is JK–8.
    expect(schools[2]).toMatchObject({ name: "École élémentaire catholique Saint-Michel, Toronto", gradeLow: 1, gradeHigh: 10, domain: null });
  });

  it.each([
    ["JK-8", [1, 10]],
    ["SK - 12", [2, 14]],
    ["K–6", [2, 8]],
    ["", [null, null]],
  ])("reads the grade range %j", (range, grades) => {
    expect(ontarioGrades(range)).toEqual(grades);
  });
});

describe("websiteDomain", () => {
  it.each([
    ["https://www.madison.k12.wi.us/lapham", "madison.k12.wi.us"],
    ["www.school.org", "school.org"],
    ["M", null],
    ["-1", null],
    ["", null],
  ])("%j → %j", (website, domain) => {
    expect(websiteDomain(website)).toBe(domain);
  });
});
