import { describe, expect, it } from "vitest";
import { costTable, projection, summaryLine, type Measured } from "./scale-cost";

/** About what bench:scale measured for a 1,504-event family (docs/scale.md). */
const measured: Measured = {
  families: 1000,
  mailsPerFamily: 400,
  bytesPerFamily: 3_800_000,
  bytesPerFamilyAtN: 4_000_000,
  r2BytesPerFamily: 2_048_000,
  rowsWrittenPerMail: 55,
  rowsReadPerMail: 67,
  cpuMsPerMailInbound: 100,
  cpuMsPerMailJob: 160,
  rowsReadPerFocus: 1689.4,
  rowsReadPerApiEvents: 1507,
  cpuMsPerFocus: 300,
  cpuMsPerApiEvents: 225,
  progressCallsPerMail: 2,
  cronRowsReadPerRun: 10_000,
};

describe("the scale benchmark's last line", () => {
  it("reads as other tools expect, with one family's month at unit prices", () => {
    const projected = projection(measured);
    const line = summaryLine(projected);
    expect(line).toMatch(/^scale: d1-kb-per-family 3906 r2-kb-per-family 2000 families-per-db 2500 rows-per-focus 1689 usd-per-family-month \d+\.\d{4}$/);
    // The thousand families of the cost table, one family at a time.
    const total = costTable(projected).find((row) => row[0] === "total")![2]!;
    const perFamily = Number(/usd-per-family-month (\S+)/.exec(line)![1]);
    expect(perFamily * 1000).toBeCloseTo(Number(total.replace("$", "")), 0);
  });

  it("costs more a month when a feed reads more rows", () => {
    const dollars = (m: Measured) => Number(/usd-per-family-month (\S+)/.exec(summaryLine(projection(m)))![1]);
    expect(dollars({ ...measured, rowsReadPerFocus: 9185, rowsReadPerApiEvents: 7667 })).toBeGreaterThan(dollars(measured));
  });
});

describe("the scale benchmark's R2 lines", () => {
  it("price the stored mail and its reads and writes", () => {
    const dollars = (m: Measured) => Number(/usd-per-family-month (\S+)/.exec(summaryLine(projection(m)))![1]);
    expect(dollars({ ...measured, r2BytesPerFamily: 200_000_000 })).toBeGreaterThan(dollars(measured));
    const rows = costTable(projection(measured)).map((row) => row[0]);
    expect(rows).toEqual(expect.arrayContaining(["R2 storage GB-month", "R2 class A operations", "R2 class B operations"]));
  });
});

describe("the scale benchmark's e-mail line", () => {
  it("prices the weekly previews at Cloudflare Email Sending's $0.35 per 1,000", () => {
    const row = costTable(projection(measured)).find((r) => r[0]!.startsWith("E-mails sent"))!;
    const mails = Number(row[1]!.replaceAll(",", ""));
    // Two parents, a preview a week each.
    expect(mails).toBeCloseTo(1000 * 2 * 4.33, 0);
    expect(Number(row[2]!.replace("$", ""))).toBeCloseTo((mails / 1000) * 0.35, 2);
  });
});
