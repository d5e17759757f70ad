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
  /** Resend Pro: $20 a month for 50,000 e-mails, then $0.90 per 1,000. */
  email: { plan: 20, included: 50e3, perThousand: 0.9 },
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
    emails: USAGE.parentsPerFamily * USAGE.previewsPerParentPerMonth,
  };
  return { measured: m, perFamily, familiesPerDatabase: Math.floor(D1_DATABASE_BYTES / m.bytesPerFamilyAtN) };
}

type Projection = ReturnType<typeof projection>;

const usd = (value: number) => `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;
const amount = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** Cost lines for 1,000 families: at unit prices, and the bill with the plan's allowances. */
export function costTable(p: Projection): string[][] {
  const n = 1_000;
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
  ];
  const rows = [["per month, 1,000 families", "usage", "at unit price", "billed (after the plan's allowance)"]];
  let unitTotal = 0;
  let billed = PRICES.base;
  for (const [name, usage, price, unit] of lines) {
    const per = price.perMillion ?? price.perGbMonth ?? 0;
    const atUnit = (usage / unit) * per;
    const over = (Math.max(0, usage - price.included) / unit) * per;
    unitTotal += atUnit;
    billed += over;
    rows.push([name, amount(usage), usd(atUnit), usd(over)]);
  }
  const emails = u.emails * n;
  const emailAtUnit = (emails / 1000) * PRICES.email.perThousand;
  const emailBilled = PRICES.email.plan + (Math.max(0, emails - PRICES.email.included) / 1000) * PRICES.email.perThousand;
  rows.push(["e-mails sent (weekly previews, Resend)", amount(emails), usd(emailAtUnit), usd(emailBilled)]);
  rows.push(["Workers Paid base", "", "", usd(PRICES.base)]);
  rows.push(["total", "", usd(unitTotal + emailAtUnit), usd(billed + emailBilled)]);
  rows.push(["families per 10 GB D1 database", amount(p.familiesPerDatabase), "", ""]);
  return rows;
}
