import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { gradeIndex, parseCsv, schoolRows, schoolsSql } from "./school-directory";

describe("parseCsv", () => {
  it("keeps commas, quotes and line breaks inside quoted fields", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\nthere'],
    ]);
  });
});

describe("gradeIndex", () => {
  it("maps directory grade codes to Cubby's grade list", () => {
    expect([gradeIndex("PK"), gradeIndex("KG"), gradeIndex("01"), gradeIndex("12"), gradeIndex("UG")]).toEqual([
      1, 2, 3, 14, null,
    ]);
  });
});

describe("schoolRows", () => {
  it("reads the bundled sample: about fifty schools in the US and Canada", () => {
    const { schools, skipped } = schoolRows(parseCsv(readFileSync("data/schools/sample.csv", "utf8")));
    expect(skipped).toBe(0);
    expect(schools.length).toBeGreaterThanOrEqual(50);
    expect(new Set(schools.map((s) => s.country))).toEqual(new Set(["USA", "CAN"]));
    expect(schools.filter((s) => s.calendarUrl).length).toBeGreaterThan(0);
    expect(new Set(schools.map((s) => s.id)).size).toBe(schools.length);
  });

  it("maps other directories' columns and makes a stable id when there is none", () => {
    const table = parseCsv("School Name,Town,Prov\nÉcole Bonsecours,Québec,QC\n,,\n");
    const { schools } = schoolRows(table, {
      map: { name: "School Name", city: "Town", stateProv: "Prov" },
      country: "CAN",
    });
    expect(schools).toEqual([
      expect.objectContaining({ id: "can-qc-quebec-ecole-bonsecours", name: "École Bonsecours", country: "CAN" }),
    ]);
  });
});

describe("schoolsSql", () => {
  it("upserts by id with quotes escaped", () => {
    const sql = schoolsSql([
      { id: "x", name: "St. Mary's", city: "", stateProv: "", country: "USA", lat: 1.5, lng: null, gradeLow: 2, gradeHigh: null, domain: null, calendarUrl: null },
    ]);
    expect(sql).toContain("VALUES ('x', 'St. Mary''s', '', '', 'USA', 1.5, NULL, 2, NULL, NULL, NULL) ON CONFLICT(id) DO UPDATE");
  });
});

describe("schoolsSql in bulk", () => {
  it("writes 100 schools per statement, every one of them", () => {
    const many = Array.from({ length: 250 }, (_, n) => ({
      id: `s${n}`, name: `School ${n}`, city: "", stateProv: "", country: "USA", lat: null, lng: null, gradeLow: null, gradeHigh: null, domain: null, calendarUrl: null,
    }));
    const sql = schoolsSql(many);
    expect(sql.match(/^INSERT INTO schools/gm)).toHaveLength(3);
    expect(sql.match(/\('s\d+', /g)).toHaveLength(250);
  });
});
