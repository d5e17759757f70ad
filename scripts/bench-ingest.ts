/**
 * `npm run bench:ingest [-- --skip-build] [--count 200] [--concurrency 8]`
 *
 * How fast forwarded mail becomes events. Builds the app and serves the
 * production build with `vite preview` (the e2e tests' preview server: a free
 * port, a throwaway state directory), warms it up with one mail per sample to
 * another parent, signs in a fresh Premium parent, and posts `count`
 * variations of the sample inbox (scripts/lib/bench-mails.ts) to their Cubby
 * address through the local e-mail endpoint, `concurrency` in flight.
 *
 * Measured:
 *   1. accepted mails per second through email() — store in D1 and hand off to
 *      the queue; the endpoint answers once the handler has finished;
 *   2. per mail, the time from posting it to all of its events being visible
 *      in GET /api/events (p50, p95);
 *   3. the extractor in-process (this Node, no server): readEml + extractEvents
 *      per mail over the same mails (median).
 *
 * Budgets: ≥ 20 mails/s, p95 ≤ 2 s, extractor ≤ 25 ms median. Exits 1 when
 * one is missed or the run did not complete. It talks only to localhost and
 * stops by itself: every request has a timeout and every loop a deadline.
 *
 * Locally everything — the e-mail endpoint, email(), the queue consumer, D1
 * and the polling — shares one workerd process, so the figures are a floor
 * for production, where they run apart; and they move with whatever else the
 * machine is doing, so the report prints the load average next to them. The
 * local queue delivers one batch at a time and waits up to max_batch_timeout
 * (wrangler.toml) for a batch to fill, so a mail that arrives alone waits that
 * long before it is read.
 */
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractEvents } from "../app/.server/extract/pipeline";
import { readEml } from "../app/.server/extract/read/eml";
import { startPreview } from "../tests/e2e/preview-server.mjs";
import { benchMails, refInSubject, type BenchMail } from "./lib/bench-mails";
import { LocalCubby, type FeedEvent } from "./lib/local-cubby";
import { makePremium } from "./lib/local-d1";
import { median, percentile } from "./lib/percentiles";
import { loadTemplates, type SampleTemplate } from "./lib/sample-inbox";

const root = fileURLToPath(new URL("..", import.meta.url));
const TIME_ZONE = "America/Toronto";
const BUDGET = { mailsPerSecond: 20, p95VisibleMs: 2_000, extractorMedianMs: 25 };

const POLL_INTERVAL_MS = 50;
/** Once every mail expected to give events has shown some, wait this long for their last events. */
const SETTLE_MS = 1_500;
/** Nothing new in the feed for this long after the last mail: the queue has drained. */
const QUIET_MS = 10_000;
/** Never wait longer than this after the last mail was accepted. */
const DRAIN_TIMEOUT_MS = 120_000;
/** The warm-up's feed is done when it has not changed for this long (or after WARM_UP_TIMEOUT_MS). */
const WARM_UP_STILL_MS = 2_000;
const WARM_UP_TIMEOUT_MS = 45_000;

// ---------------------------------------------------------------- options

function readOptions() {
  const { values } = parseArgs({
    options: {
      "skip-build": { type: "boolean", default: process.env.E2E_SKIP_BUILD === "1" },
      count: { type: "string", default: "200" },
      concurrency: { type: "string", default: "8" },
    },
  });
  const count = Number(values.count);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(count) || count < 1 || count > 2_000) throw new Error("--count must be 1 to 2000.");
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new Error("--concurrency must be 1 to 64.");
  return { skipBuild: values["skip-build"], count, concurrency };
}

// ---------------------------------------------------------------- the extractor, in-process

interface ExtractorRun {
  msPerMail: number[];
  eventsPerMail: number[];
}

/** The Worker's own reading (done in email()) and extraction (done in the queue job) of one mail, without D1. */
async function extractOne(mail: BenchMail) {
  const document = await readEml(new TextEncoder().encode(mail.raw));
  // As the queue job does: relative dates count from the message's Date header.
  return extractEvents(document, { now: document.sentAt ?? mail.sentAt, timeZone: TIME_ZONE });
}

async function timeExtractor(mails: BenchMail[], templatesCount: number): Promise<ExtractorRun> {
  // One untimed pass over each template first: module loading and JIT warm-up are not per-mail costs.
  for (const mail of mails.slice(0, templatesCount)) await extractOne(mail);
  const run: ExtractorRun = { msPerMail: [], eventsPerMail: [] };
  for (const mail of mails) {
    const started = performance.now();
    const events = await extractOne(mail);
    run.msPerMail.push(performance.now() - started);
    run.eventsPerMail.push(events.length);
  }
  return run;
}

// ---------------------------------------------------------------- posting mail

interface Delivery {
  index: number;
  startedAt: number;
  acceptedAt: number;
  status: number;
  text: string;
}

/** Posts every mail, `concurrency` at a time, and notes when each was sent and answered. */
async function deliverAll(cubby: LocalCubby, mails: BenchMail[], to: string, concurrency: number): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  let next = 0;
  const sender = async () => {
    while (next < mails.length) {
      const mail = mails[next++]!;
      const startedAt = performance.now();
      let status = 0;
      let text = "";
      try {
        // The parent forwards each mail, as a Gmail filter would: it is read at once (ADR 016).
        ({ status, text } = await cubby.deliverEmail(mail.raw, { from: cubby.parentEmail ?? mail.from, to }));
      } catch (error) {
        text = (error as Error).message;
      }
      deliveries[mail.index] = { index: mail.index, startedAt, acceptedAt: performance.now(), status, text };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return deliveries;
}

// ---------------------------------------------------------------- watching the feed

/**
 * How a mail is tied to its events: every event in GET /api/events lists its
 * mentions, and a mention's sourceContentId is the stored message it came
 * from. The watcher polls the feed and notes, per source, how many events
 * mention it and when that number was reached; after the run each source is
 * looked up once (GET /api/messages/{id}) and its subject's "(ref B042)" names
 * the mail. Counting per source rather than in total keeps mails apart even
 * when two mails mention the same event (merged into one event with two
 * mentions), and "when its count last grew" is when all of a mail's events
 * were visible, however many the merge wrote one after another.
 */
class FeedWatcher {
  readonly sources = new Map<string, { events: number; completeAt: number }>();
  lastChangeAt = performance.now();
  polls = 0;
  pollErrors = 0;
  pollMs: number[] = [];
  feedSize = 0;

  observe(events: FeedEvent[], at: number): void {
    this.feedSize = events.length;
    const perSource = new Map<string, number>();
    for (const event of events) {
      for (const id of new Set(event.mentions.map((m) => m.sourceContentId))) {
        perSource.set(id, (perSource.get(id) ?? 0) + 1);
      }
    }
    for (const [id, count] of perSource) {
      const known = this.sources.get(id);
      if (known?.events === count) continue;
      this.sources.set(id, { events: count, completeAt: at });
      this.lastChangeAt = at;
    }
  }

  async watch(cubby: LocalCubby, done: () => boolean): Promise<void> {
    while (!done()) {
      const started = performance.now();
      try {
        const events = await cubby.events();
        const at = performance.now();
        this.pollMs.push(at - started);
        this.observe(events, at);
      } catch {
        this.pollErrors++;
      }
      this.polls++;
      await delay(Math.max(0, POLL_INTERVAL_MS - (performance.now() - started)));
    }
  }
}

/** sourceContentId → mail index, from each source's subject. */
async function mailsOfSources(cubby: LocalCubby, ids: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(
      ids.slice(i, i + 8).map(async (id) => {
        const index = refInSubject((await cubby.message(id)).subject);
        if (index !== null) found.set(id, index);
      }),
    );
  }
  return found;
}

// ---------------------------------------------------------------- parents

/** A fresh Premium parent (Basic reads only 5 mails a month) with a Cubby address. */
async function premiumParent(baseURL: string, stateDir: string, username: string) {
  const cubby = new LocalCubby(baseURL);
  const email = `${username}@example.com`;
  await cubby.signIn(email);
  await cubby.setTimezone(TIME_ZONE);
  const address = await cubby.claimUsername(username);
  if (!(await makePremium(email, { root, persistTo: stateDir }))) throw new Error(`Could not make ${email} Premium.`);
  return { cubby, address };
}

/**
 * One mail per sample to another parent, read to the end before measuring: the
 * first mails after start-up pay for compiling the Worker, opening D1 and the
 * queue, which no later mail pays again.
 */
async function warmUp(baseURL: string, stateDir: string, templates: SampleTemplate[], runId: string): Promise<void> {
  const { cubby, address } = await premiumParent(baseURL, stateDir, `warm${runId}`);
  const mails = benchMails(templates, { count: templates.length, now: new Date(), to: address, timeZone: TIME_ZONE, runId: `w${runId}` });
  await deliverAll(cubby, mails, address, 1);
  const deadline = performance.now() + WARM_UP_TIMEOUT_MS;
  let feedSize = -1;
  let stillSince = performance.now();
  while (performance.now() < deadline && performance.now() - stillSince < WARM_UP_STILL_MS) {
    const size = (await cubby.events()).length;
    if (size !== feedSize || size === 0) {
      feedSize = size;
      stillSince = performance.now();
    }
    await delay(200);
  }
}

interface ServerRun {
  deliveries: Delivery[];
  /** Per mail index: ms from posting it to all its events being visible. */
  visibleMs: Map<number, number>;
  watcher: FeedWatcher;
  drainedMs: number;
  stoppedBy: string;
}

async function runAgainstServer(
  baseURL: string,
  stateDir: string,
  mails: BenchMail[],
  options: { concurrency: number; runId: string; expectedSources: number | null },
): Promise<ServerRun> {
  const { cubby, address: to } = await premiumParent(baseURL, stateDir, `bench${options.runId}`);
  // The mails were written out (To header) before the parent existed.
  if (mails.some((mail) => !mail.raw.includes(to))) throw new Error(`The mails are not addressed to ${to}.`);

  const watcher = new FeedWatcher();
  let deliveries: Delivery[] | null = null;
  let lastAcceptedAt = Number.POSITIVE_INFINITY;
  let stoppedBy = "";
  const finished = () => {
    if (!deliveries) return false;
    const now = performance.now();
    if (options.expectedSources !== null && watcher.sources.size >= options.expectedSources && now - watcher.lastChangeAt > SETTLE_MS) {
      stoppedBy = "every mail with events has shown them";
    } else if (now - Math.max(watcher.lastChangeAt, lastAcceptedAt) > QUIET_MS) {
      stoppedBy = `the feed was quiet for ${QUIET_MS / 1000} s`;
    } else if (now - lastAcceptedAt > DRAIN_TIMEOUT_MS) {
      stoppedBy = `time limit (${DRAIN_TIMEOUT_MS / 1000} s after the last mail)`;
    }
    return stoppedBy !== "";
  };

  const watching = watcher.watch(cubby, finished);
  deliveries = await deliverAll(cubby, mails, to, options.concurrency);
  lastAcceptedAt = Math.max(...deliveries.map((d) => d.acceptedAt));
  await watching;

  const sourceIds = [...watcher.sources.keys()];
  const mailOf = await mailsOfSources(cubby, sourceIds);
  const visibleMs = new Map<number, number>();
  let lastCompleteAt = lastAcceptedAt;
  for (const [id, source] of watcher.sources) {
    const index = mailOf.get(id);
    if (index === undefined) continue;
    visibleMs.set(index, source.completeAt - deliveries[index]!.startedAt);
    lastCompleteAt = Math.max(lastCompleteAt, source.completeAt);
  }
  return { deliveries, visibleMs, watcher, drainedMs: lastCompleteAt - lastAcceptedAt, stoppedBy };
}

// ---------------------------------------------------------------- report

const ms = (value: number | null) => (value === null ? "n/a" : value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`);

function verdict(ok: boolean | null): string {
  return ok === null ? "NOT MEASURED" : ok ? "PASS" : "FAIL";
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join("   ")}`.trimEnd()).join("\n");
}

function report(
  mails: BenchMail[],
  options: { count: number; concurrency: number; machine: { cpus: number; loadBefore: number; loadAfter: number } },
  server: ServerRun | null,
  extractor: ExtractorRun | null,
  extractorProblem: string | null,
): boolean {
  const accepted = server?.deliveries.filter((d) => d.status === 200) ?? [];
  const firstStart = server ? Math.min(...server.deliveries.map((d) => d.startedAt)) : 0;
  const lastAccept = accepted.length ? Math.max(...accepted.map((d) => d.acceptedAt)) : 0;
  const mailsPerSecond = accepted.length ? accepted.length / ((lastAccept - firstStart) / 1000) : null;
  const visible = server ? [...server.visibleMs.values()] : [];
  const p50 = percentile(visible, 50);
  const p95 = percentile(visible, 95);
  const extractorMedian = extractor ? median(extractor.msPerMail) : null;
  const roundTrips = server?.deliveries.map((d) => d.acceptedAt - d.startedAt) ?? [];
  const expectedWithEvents = extractor ? extractor.eventsPerMail.filter((n) => n > 0).length : null;

  const checks = {
    throughput: mailsPerSecond === null ? null : mailsPerSecond >= BUDGET.mailsPerSecond,
    visible: p95 === null ? null : p95 <= BUDGET.p95VisibleMs,
    extractor: extractorMedian === null ? null : extractorMedian <= BUDGET.extractorMedianMs,
  };

  console.info(`\nIngest benchmark: ${options.count} mails from ${new Set(mails.map((m) => m.name)).size} sample templates, ${options.concurrency} in flight, production build in vite preview\n`);
  console.info(
    table([
      ["measure", "value", "budget", "verdict"],
      ["accepted through email() + queue hand-off", mailsPerSecond === null ? "n/a" : `${mailsPerSecond.toFixed(1)} mails/s`, `≥ ${BUDGET.mailsPerSecond} mails/s`, verdict(checks.throughput)],
      ["mail posted → all its events visible, p50", ms(p50), "", ""],
      ["mail posted → all its events visible, p95", ms(p95), `≤ ${BUDGET.p95VisibleMs} ms`, verdict(checks.visible)],
      ["extractor in-process (readEml + extractEvents), median", ms(extractorMedian), `≤ ${BUDGET.extractorMedianMs} ms`, verdict(checks.extractor)],
    ]),
  );
  console.info("\nDetails");
  const details: string[][] = [
    ["mails accepted (HTTP 200)", `${accepted.length} of ${options.count}`],
    ["e-mail endpoint round trip, p50 / p95", `${ms(median(roundTrips))} / ${ms(percentile(roundTrips, 95))}`],
    ["mails whose events appeared", `${server?.visibleMs.size ?? 0}${expectedWithEvents === null ? "" : ` (in-process extraction finds events in ${expectedWithEvents})`}`],
    ["events in the feed at the end", `${server?.watcher.feedSize ?? 0}`],
    ["slowest mail → visible", ms(percentile(visible, 100))],
    ["last events visible after the last mail", server ? ms(server.drainedMs) : "n/a"],
    ["GET /api/events polls, median duration", server ? `${server.watcher.polls} polls, ${ms(median(server.watcher.pollMs))}${server.watcher.pollErrors ? `, ${server.watcher.pollErrors} failed` : ""}` : "n/a"],
    ["extractor in-process, p95 / max", extractor ? `${ms(percentile(extractor.msPerMail, 95))} / ${ms(percentile(extractor.msPerMail, 100))}` : extractorProblem ?? "n/a"],
    ["stopped because", server?.stoppedBy ?? "the server run failed"],
    [
      "machine: CPUs, 1-min load average at start / end",
      `${options.machine.cpus}, ${options.machine.loadBefore.toFixed(1)} / ${options.machine.loadAfter.toFixed(1)}${options.machine.loadBefore > options.machine.cpus ? " (busy machine: figures are pessimistic)" : ""}`,
    ],
  ];
  console.info(table(details));

  const refused = server?.deliveries.filter((d) => d.status !== 200) ?? [];
  for (const d of refused.slice(0, 5)) console.error(`  mail ${d.index} (${mails[d.index]!.name}) answered ${d.status}: ${d.text.slice(0, 200)}`);

  const allMeasured = Object.values(checks).every((c) => c !== null);
  const allPass = Object.values(checks).every((c) => c === true);
  const complete = refused.length === 0 && (expectedWithEvents === null || (server?.visibleMs.size ?? 0) >= expectedWithEvents);
  console.info(
    `\nVerdict: ${allPass && complete ? "within budget" : !allMeasured ? "incomplete: not every figure could be measured" : !complete ? "incomplete: not every mail was accepted and shown" : "OVER BUDGET"}`,
  );
  return allPass && complete;
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  const options = readOptions();
  // Taken before our own build and extractor pass, which raise it themselves.
  const loadBefore = loadavg()[0]!;
  const runId = Date.now().toString(36);
  const templates = await loadTemplates([join(root, "samples", "inbox")]);
  const mails = benchMails(templates, {
    count: options.count,
    now: new Date(),
    to: `bench${runId}@in.cubby.localhost`,
    timeZone: TIME_ZONE,
    runId,
  });

  let extractor: ExtractorRun | null = null;
  let extractorProblem: string | null = null;
  try {
    console.info(`Timing the extractor in-process over ${mails.length} mails...`);
    extractor = await timeExtractor(mails, templates.length);
  } catch (error) {
    extractorProblem = `could not run: ${(error as Error).message.split("\n")[0]}`;
    console.error(`The extractor ${extractorProblem}`);
  }

  const server = await startPreview({
    root,
    skipBuild: options.skipBuild,
    log: (message: string) => console.info(`[preview] ${message}`),
  });
  const stopServer = () => void server.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopServer);
  let run: ServerRun | null = null;
  try {
    console.info("Warming up: one mail per sample to another parent...");
    await warmUp(server.baseURL, server.stateDir, templates, runId);
    console.info(`Posting ${mails.length} mails, ${options.concurrency} in flight, and polling GET /api/events every ${POLL_INTERVAL_MS} ms...`);
    run = await runAgainstServer(server.baseURL, server.stateDir, mails, {
      concurrency: options.concurrency,
      runId,
      expectedSources: extractor ? extractor.eventsPerMail.filter((n) => n > 0).length : null,
    });
  } catch (error) {
    console.error(`The run against the server failed: ${(error as Error).message}`);
  } finally {
    process.off("SIGINT", stopServer);
    await server.stop();
  }
  const machine = { cpus: cpus().length, loadBefore, loadAfter: loadavg()[0]! };
  return report(mails, { ...options, machine }, run, extractor, extractorProblem) ? 0 : 1;
}

process.exitCode = await main();
