/**
 * The monthly projection of `npm run bench:scale`: what one family costs on
 * Cloudflare's Workers Paid plan, from the measured per-family figures and
 * the usage assumptions below. Prices as published in mid-2025 (the pages
 * are named in docs/scale.md); check them before relying on the result.
 */

export interface Measured {
  families: number;
  mailsPerFamily: number;
  /** Growth of the database for the family read through the real code. */
  bytesPerFamily: number;
  /** The whole database's growth over N families, divided by N. */
  bytesPerFamilyAtN: number;
  /** R2 bytes a family's school year of mail adds (the raw messages, ADR 035). */
  r2BytesPerFamily: number;
  rowsWrittenPerMail: number;
  rowsReadPerMail: number;
  cpuMsPerMailInbound: number;
  cpuMsPerMailJob: number;
  rowsReadPerFocus: number;
  rowsReadPerApiEvents: number;
  cpuMsPerFocus: number;
  cpuMsPerApiEvents: number;
  progressCallsPerMail: number;
  /** Rows the cron's hot queries read in one run, at N families. */
  cronRowsReadPerRun: number;
}

/** How a family uses Cubby in a month of the school year (docs/scale.md explains each). */
export const USAGE = {
  parentsPerFamily: 2,
  /** A school year's mail falls in ten months. */
  schoolMonths: 10,
  /** Each parent opens the feed twice a day. */
  feedOpensPerParentPerDay: 2,
  /** Other /api calls per feed open (profile, weather, live-feed socket) besides GET /api/events. */
  otherApiCallsPerOpen: 2,
  /** Queue operations per message: write, read, delete (each up to 64 KB). */
  queueOpsPerMessage: 3,
  /** Message cards a parent opens a month (each reads its mail from R2). */
  messageOpensPerParentPerMonth: 8,
  /** Weekly preview e-mails: one a week to each parent. */
  previewsPerParentPerMonth: 4.33,
  /** The cron runs every 15 minutes. */
  cronRunsPerMonth: 4 * 24 * 30,
  /** A progress-object request lasts about this long at 128 MB (hibernating sockets are not billed). */
  doSecondsPerRequest: 0.01,
  doGb: 0.128,
} as const;

/** Workers Paid plan unit prices and what the $5 a month includes (as published mid-2025). */
export const PRICES = {
  base: 5,
  workersRequests: { included: 10e6, perMillion: 0.3 },
  workersCpuMs: { included: 30e6, perMillion: 0.02 },
  d1RowsRead: { included: 25e9, perMillion: 0.001 },
  d1RowsWritten: { included: 50e6, perMillion: 1.0 },
  d1StorageGb: { included: 5, perGbMonth: 0.75 },
  queueOps: { included: 1e6, perMillion: 0.4 },
  doRequests: { included: 1e6, perMillion: 0.15 },
  doGbSeconds: { included: 400e3, perMillion: 12.5 },
  r2StorageGb: { included: 10, perGbMonth: 0.015 },
  /** Writes (a put per mail); deletes are free. */
  r2ClassA: { included: 1e6, perMillion: 4.5 },
  /** Reads (the queue job's and each message card's). */
  r2ClassB: { included: 10e6, perMillion: 0.36 },
  /**
   * Cloudflare Email Sending (ADR 036; public beta since April 2026): 3,000 e-mails a month
   * with Workers Paid, then $0.35 per 1,000. Resend, the sender before it, was $0.90 per
   * 1,000 on its $20 plan.
   */
  emails: { included: 3e3, perMillion: 350 },
} as const;

export const D1_DATABASE_BYTES = 10e9;

export function projection(m: Measured) {
  const mails = m.mailsPerFamily / USAGE.schoolMonths;
  const opens = USAGE.parentsPerFamily * USAGE.feedOpensPerParentPerDay * 30;
  const perFamily = {
    workersRequests: opens * (2 + USAGE.otherApiCallsPerOpen) + 2 * mails,
    workersCpuMs: opens * (m.cpuMsPerFocus + m.cpuMsPerApiEvents) + mails * (m.cpuMsPerMailInbound + m.cpuMsPerMailJob),
    d1RowsRead:
      opens * (m.rowsReadPerFocus + m.rowsReadPerApiEvents) + mails * m.rowsReadPerMail + (m.cronRowsReadPerRun * USAGE.cronRunsPerMonth) / m.families,
    d1RowsWritten: mails * m.rowsWrittenPerMail,
    d1StorageGb: m.bytesPerFamilyAtN / 1e9,
    queueOps: mails * USAGE.queueOpsPerMessage,
    doRequests: mails * m.progressCallsPerMail + opens,
    doGbSeconds: (mails * m.progressCallsPerMail + opens) * USAGE.doSecondsPerRequest * USAGE.doGb,
    r2StorageGb: m.r2BytesPerFamily / 1e9,
    r2ClassA: mails,
    r2ClassB: mails + USAGE.parentsPerFamily * USAGE.messageOpensPerParentPerMonth,
    emails: USAGE.parentsPerFamily * USAGE.previewsPerParentPerMonth,
  };
  return { measured: m, perFamily, familiesPerDatabase: Math.floor(D1_DATABASE_BYTES / m.bytesPerFamilyAtN) };
}

type Projection = ReturnType<typeof projection>;

const usd = (value: number) => `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;
const amount = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });

const EMAIL_LINE = "E-mails sent (weekly previews, Cloudflare Email Sending)";

/** What `n` families use in a month, each line at unit price and as billed after the plan's allowance. */
function monthlyCosts(p: Projection, n: number) {
  const u = p.perFamily;
  const lines: [string, number, { included: number; perMillion?: number; perGbMonth?: number }, number][] = [
    ["Workers requests", u.workersRequests * n, PRICES.workersRequests, 1e6],
    ["Workers CPU ms", u.workersCpuMs * n, PRICES.workersCpuMs, 1e6],
    ["D1 rows read", u.d1RowsRead * n, PRICES.d1RowsRead, 1e6],
    ["D1 rows written", u.d1RowsWritten * n, PRICES.d1RowsWritten, 1e6],
    ["D1 storage GB-month", u.d1StorageGb * n, PRICES.d1StorageGb, 1],
    ["Queues operations", u.queueOps * n, PRICES.queueOps, 1e6],
    ["Durable Objects requests", u.doRequests * n, PRICES.doRequests, 1e6],
    ["Durable Objects GB-s", u.doGbSeconds * n, PRICES.doGbSeconds, 1e6],
    ["R2 storage GB-month", u.r2StorageGb * n, PRICES.r2StorageGb, 1],
    ["R2 class A operations", u.r2ClassA * n, PRICES.r2ClassA, 1e6],
    ["R2 class B operations", u.r2ClassB * n, PRICES.r2ClassB, 1e6],
    [EMAIL_LINE, u.emails * n, PRICES.emails, 1e6],
  ];
  const priced = lines.map(([name, usage, price, unit]) => {
    const per = price.perMillion ?? price.perGbMonth ?? 0;
    return { name, usage, atUnit: (usage / unit) * per, billed: (Math.max(0, usage - price.included) / unit) * per };
  });
  const atUnit = priced.reduce((sum, line) => sum + line.atUnit, 0);
  const billed = PRICES.base + priced.reduce((sum, line) => sum + line.billed, 0);
  return { priced, atUnit, billed };
}

/** Cost lines for 1,000 families: at unit prices, and the bill with the plan's allowances. */
export function costTable(p: Projection): string[][] {
  const { priced, atUnit, billed } = monthlyCosts(p, 1_000);
  const rows = [["per month, 1,000 families", "usage", "at unit price", "billed (after the plan's allowance)"]];
  for (const line of priced) rows.push([line.name, amount(line.usage), usd(line.atUnit), usd(line.billed)]);
  rows.push(["Workers Paid base", "", "", usd(PRICES.base)]);
  rows.push(["total", "", usd(atUnit), usd(billed)]);
  rows.push(["families per 10 GB D1 database", amount(p.familiesPerDatabase), "", ""]);
  return rows;
}

/** The benchmark's last line, for other tools (issue 32); the dollars are one family's month at unit prices. */
export function summaryLine(p: Projection): string {
  const m = p.measured;
  return [
    "scale:",
    `d1-kb-per-family ${Math.round(m.bytesPerFamilyAtN / 1024)}`,
    `r2-kb-per-family ${Math.round(m.r2BytesPerFamily / 1024)}`,
    `families-per-db ${p.familiesPerDatabase}`,
    `rows-per-focus ${Math.round(m.rowsReadPerFocus)}`,
    `usd-per-family-month ${monthlyCosts(p, 1).atUnit.toFixed(4)}`,
  ].join(" ");
}
