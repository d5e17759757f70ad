/**
 * `npm run bench:scale [-- --families 1000] [--mails 400]`
 *
 * How far one D1 database goes (issue 17, docs/scale.md). In a throwaway
 * local D1 (wrangler's local state in a temp directory, never the dev
 * database) it builds one family a school year of mail — `--mails` mails from
 * the sample inbox, 3 children, 2 calendar links — through the real code:
 * acceptInboundEmail (what email() runs), then runIngestJob (the queue job,
 * built-in extractor, no LLM) for each mail, addCalendarLink for each link.
 * Measured there: D1 bytes, rows read and written and CPU per mail, rows read
 * and CPU per /focus load (loader + render) and per GET /api/events.
 *
 * Running 400,000 mails through the extractor would take hours on a laptop,
 * so the other families are CLONES of the measured one made with SQL
 * (INSERT … SELECT with new ids and addresses), which is what the per-family
 * storage and the does-it-grow-with-N question need. The report says so.
 *
 * Then: the query plan (EXPLAIN QUERY PLAN) of every hot query, the same
 * reads repeated at N families, and the monthly projection (lib/scale-cost.ts).
 *
 * CPU is this Node process's (process.cpuUsage): the app's JavaScript plus
 * the local binding's plumbing, without SQLite's own time (in workerd), so it
 * is an upper bound for the Worker's CPU on the same machine.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { createServer, type ViteDevServer } from "vite";
import { getPlatformProxy } from "wrangler";
import { benchMails } from "./lib/bench-mails";
import { countingD1, D1Counter, type D1Like } from "./lib/counting-d1";
import { toolEnv } from "./lib/local-d1";
import { headerValue } from "./lib/mail-headers";
import { median } from "./lib/percentiles";
import { loadTemplates } from "./lib/sample-inbox";
import { cloneFamilies, repeatMail } from "./lib/scale-clone";
import { costTable, projection, summaryLine, type Measured } from "./lib/scale-cost";

const root = join(import.meta.dirname, "..");
// React's production build, as the Worker runs it (set before Vite or React load).
process.env.NODE_ENV = "production";
const TIME_ZONE = "America/Toronto";
const SCHOOL_YEAR_MS = 300 * 24 * 3600 * 1000;

/** The part of an R2 binding read here (the Worker's types do not resolve in the scripts' tsconfig). */
interface ListedBucket {
  list(options: { cursor?: string; limit: number }): Promise<{ objects: { size: number }[]; truncated: boolean; cursor?: string }>;
}

/** The bytes of every object in a bucket. */
async function bucketBytes(bucket: ListedBucket): Promise<number> {
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    for (const object of page.objects) bytes += object.size;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return bytes;
}

// ---------------------------------------------------------------- options

function readOptions() {
  const { values } = parseArgs({
    options: {
      families: { type: "string", default: "1000" },
      mails: { type: "string", default: "400" },
      sample: { type: "string", default: "50" },
      keep: { type: "boolean", default: false },
    },
  });
  const families = Number(values.families);
  const mails = Number(values.mails);
  if (!Number.isInteger(families) || families < 1 || families > 100_000) throw new Error("--families must be 1 to 100000.");
  if (!Number.isInteger(mails) || mails < 1 || mails > 2_000) throw new Error("--mails must be 1 to 2000.");
  const sample = Math.min(mails, Number(values.sample));
  if (!Number.isInteger(sample) || sample < 1) throw new Error("--sample must be a whole number of mails.");
  return { families, mails, sample, keep: values.keep };
}

// ---------------------------------------------------------------- the app's code, loaded by path

// The app's modules are outside the scripts' TypeScript project (as in bench-feed.ts), and use
// Vite's import.meta.glob, so each is loaded by Vite's SSR loader and given the shape used here.
let vite: ViteDevServer | null = null;
async function importFromRoot(path: string) {
  vite ??= await createServer({
    configFile: false,
    root,
    logLevel: "error",
    resolve: { alias: { "~": join(root, "app") } },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
  });
  // oxlint-disable-next-line typescript/no-explicit-any -- shapes are declared in App below
  return vite.ssrLoadModule(`/${path}`) as Promise<any>;
}

type Db = { batch: unknown };
type AppEnv = Record<string, unknown>;
type Job = { kind: "message"; userId: string; messageId: string } | { kind: "url"; userId: string; urlSourceId: string };

interface App {
  database(env: AppEnv): Db;
  acceptInboundEmail(db: Db, env: AppEnv, mail: { from: string; to: string; rawSize: number; raw: Uint8Array; messageIdHeader?: string | null }): Promise<{ outcome: string }>;
  runIngestJob(job: Job, env: AppEnv, attempt: number): Promise<void>;
  packPastMonths(db: Db, key: string, now: Date): Promise<number>;
  addCalendarLink(db: Db, env: AppEnv, userId: string, body: { url: string; name?: string }, fetcher: { fetchFeed(url: string): Promise<string> }): Promise<{ ok: boolean; message?: string }>;
  newId(): string;
  readEml(bytes: Uint8Array): Promise<{ sentAt: Date | null }>;
  extractEvents(document: unknown, options: { now: Date; timeZone: string }): Promise<unknown[]>;
  membershipOf(db: Db, userId: string): Promise<{ key: string }>;
  startSession(db: Db, request: Request, userId: string): Promise<string>;
  focusLoader(args: { context: unknown; request: Request; params: object }): Promise<unknown>;
  renderFocus(loaderData: unknown): string;
  api: { request(path: string, init: RequestInit, env: AppEnv): Promise<Response> };
  hotJobs: Record<string, (db: Db, env: AppEnv, key: string, now: Date) => Promise<unknown>>;
}

async function loadApp(): Promise<App> {
  // One at a time: Vite's loader would otherwise instantiate a shared module twice.
  const client = await importFromRoot("app/.server/db/client.ts");
  const inbound = await importFromRoot("app/.server/ingest/inbound.ts");
  const runJob = await importFromRoot("app/.server/ingest/run-job.ts");
  const pastMonths = await importFromRoot("app/.server/past-months.ts");
  const links = await importFromRoot("app/.server/calendar-links.ts");
  const eml = await importFromRoot("app/.server/extract/read/eml.ts");
  const ids = await importFromRoot("app/.server/db/new-id.ts");
  const pipeline = await importFromRoot("app/.server/extract/pipeline.ts");
  const membership = await importFromRoot("app/.server/family/membership.ts");
  const session = await importFromRoot("app/.server/auth/session.ts");
  const layout = await importFromRoot("app/routes/signed-in.tsx");
  const focus = await importFromRoot("app/routes/feed/focus.tsx");
  const apiModule = await importFromRoot("workers/api/index.ts");
  const held = await importFromRoot("app/.server/ingest/held-mail.ts");
  const watchlist = await importFromRoot("app/.server/watchlist.ts");
  const gmail = await importFromRoot("app/.server/integrations/gmail/poll.ts");
  const reminders = await importFromRoot("app/.server/integrations/push/reminders.ts");
  const preview = await importFromRoot("app/.server/integrations/mail/weekly-preview.ts");
  const appContext = await importFromRoot("app/context.ts");
  const react = await import("react");
  const reactDom = await import("react-dom/server");
  const router = await import("react-router");
  return {
    database: client.database,
    acceptInboundEmail: inbound.acceptInboundEmail,
    runIngestJob: runJob.runIngestJob,
    packPastMonths: pastMonths.packPastMonths,
    addCalendarLink: links.addCalendarLink,
    membershipOf: membership.membershipOf,
    newId: ids.newId,
    readEml: eml.readEml,
    extractEvents: pipeline.extractEvents,
    startSession: session.startSession,
    // A /focus document runs both loaders: the signed-in layout's (the profile) and the feed's.
    focusLoader: async (args) => {
      const context = new router.RouterContextProvider();
      context.set(appContext.cloudflareContext, (args.context as { cf: unknown }).cf);
      const [profile, feed] = await Promise.all([layout.loader({ ...args, context }), focus.loader({ ...args, context })]);
      return { layout: unwrap(profile), feed: unwrap(feed) };
    },
    renderFocus: (loaderData) => {
      // The page as the server draws it: the layout and the feed in a router at /focus.
      const { layout: layoutData, feed } = loaderData as { layout: unknown; feed: unknown };
      const page = react.createElement(layout.default, { loaderData: layoutData });
      const memory = router.createMemoryRouter(
        [{ path: "/", element: page, children: [{ path: "focus", element: react.createElement(focus.default, { loaderData: feed }) }] }],
        { initialEntries: ["/focus"] },
      );
      return reactDom.renderToString(react.createElement(router.RouterProvider, { router: memory }));
    },
    api: apiModule.api,
    hotJobs: {
      "held mail list": (db, _env, key) => held.listHeldMail(db, key),
      watchlist: (db, _env, key) => watchlist.listWatchlist(db, key),
      "cron: held mail purge": (_db, env, _key, now) => held.purgeStaleHeldMail(env, now),
      "cron: Gmail poll candidates": (db, env, _key, now) => gmail.pollGmail(db, env, now),
      "cron: reminders": (db, env, _key, now) => reminders.sendReminders(db, env, now),
      "cron: weekly previews": (db, env, _key, now) => preview.sendWeeklyPreviews(db, env, now),
    },
  };
}

// ---------------------------------------------------------------- measuring

interface Cost {
  cpuMs: number;
  rowsRead: number;
  rowsWritten: number;
}

/** Runs `work` under `label` and returns this process's CPU and D1's rows for it. */
async function measure<T>(counter: D1Counter, label: string, work: () => Promise<T>): Promise<{ value: T; cost: Cost }> {
  counter.label = label;
  const before = counter.snapshot();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  const after = counter.snapshot();
  return {
    value,
    cost: { cpuMs: cpuMs(used), rowsRead: after.rowsRead - before.rowsRead, rowsWritten: after.rowsWritten - before.rowsWritten },
  };
}

/** A loader's answer, whether or not it came wrapped in data(). */
const unwrap = (answer: { data?: unknown }) => answer.data ?? answer;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows.map((row) => `  ${row.map((cell, c) => cell.padEnd(widths[c]!)).join("   ")}`.trimEnd()).join("\n");
}
const f = (n: number, digits = 1) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
const kb = (bytes: number) => `${f(bytes / 1024, 0)} KB`;

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

// ---------------------------------------------------------------- the local database

/** The directory and every shard; every family stays on shard 1, the directory's own database. */
async function migrate(stateDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(root, "scripts", "migrate-all.mjs"), "--persist-to", stateDir], {
    cwd: root,
    env: toolEnv(),
    timeout: 240_000,
  });
}

/** Stand-ins for the bindings D1 is not: counted, so the projection knows how many calls each makes. */
function fakeBindings() {
  const calls = { progress: 0, queueMessages: 0 };
  const jobs: Job[] = [];
  const progress = { queued: async () => void calls.progress++, done: async () => void calls.progress++ };
  return {
    calls,
    jobs,
    bindings: {
      PROGRESS: { idFromName: (name: string) => name, get: () => progress },
      INGEST: {
        send: async (body: Job) => {
          calls.queueMessages++;
          jobs.push(body);
        },
        sendBatch: async (batch: { body: Job }[]) => {
          calls.queueMessages += batch.length;
          jobs.push(...batch.map((m) => m.body));
        },
      },
      INBOUND_LIMITER: undefined,
      INTEGRATIONS: "fake",
    },
  };
}

// ---------------------------------------------------------------- one family through the real code

const CHILDREN = [
  { firstName: "Maya", grade: "3" },
  { firstName: "Leo", grade: "6" },
  { firstName: "Ava", grade: "JK" },
];

async function main(): Promise<number> {
  const options = readOptions();
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const stateDir = await mkdtemp(join(tmpdir(), "cubby-bench-scale-"));
  console.info(`Local D1 in ${stateDir} (throwaway; the dev database is not touched).`);
  await migrate(stateDir);
  const proxy = await getPlatformProxy<Record<string, unknown>>({
    configPath: join(root, "wrangler.toml"),
    persist: { path: join(stateDir, "v3") },
    remoteBindings: false,
  });
  try {
    const counter = new D1Counter();
    const raw = proxy.env.DB as D1Like;
    const fakes = fakeBindings();
    // Every D1 binding counted: the directory and each family shard (shard 1 is the same database).
    const shards = Object.fromEntries(
      Object.entries(proxy.env)
        .filter(([name]) => /^DB_SHARD_\d+$/.test(name))
        .map(([name, binding]) => [name, countingD1(binding as D1Like, counter)]),
    );
    const env: AppEnv = { ...proxy.env, DB: countingD1(raw, counter), ...shards, ...fakes.bindings };
    const app = await loadApp();
    console.info(`[${elapsed()}] migrated, the app's modules loaded`);
    const db = app.database(env);
    const sizeOf = async () => {
      const { meta } = await raw.prepare("SELECT 1").all();
      return meta.size_after ?? 0;
    };
    const emptySize = await sizeOf();

    // The family: a Premium parent (Basic reads 5 mails a month) with a Cubby address.
    counter.label = "setup";
    // Ids as the app makes them: a family's key is its first parent's id, in every family row.
    const userId = app.newId();
    const email = "parent0@bench.example";
    const address = `bench0@in.cubby.localhost`;
    await raw
      .prepare("INSERT INTO users (id, email, timezone, subscription_status, created_at) VALUES (?1, ?2, ?3, 'active', ?4)")
      .bind(userId, email, TIME_ZONE, Date.now())
      .run();
    const { key } = await app.membershipOf(db, userId);
    await raw
      .prepare("INSERT INTO forwarding_addresses (id, user_id, username, address, active, created_at) VALUES (?1, ?2, 'bench0', ?3, 1, ?4)")
      .bind(app.newId(), userId, address, Date.now())
      .run();
    for (const child of CHILDREN) {
      await raw
        .prepare("INSERT INTO children (id, user_id, first_name, grade, avatar_id, teachers, created_at) VALUES (?1, ?2, ?3, ?4, 'a1', '[]', ?5)")
        .bind(app.newId(), key, child.firstName, child.grade, Date.now())
        .run();
    }

    // Two school calendars through addCalendarLink, their files from the test fixtures.
    const calendars = ["c03-school-hathaway-elementary.ics", "c05-school-holidays-sabredav.ics"];
    const linkCosts: Cost[] = [];
    for (const [i, file] of calendars.entries()) {
      const ics = await readFile(join(root, "tests", "fixtures", "ics-external", file), "utf8");
      const { value, cost } = await measure(counter, "calendar link", () =>
        app.addCalendarLink(db, env, key, { url: `https://calendars.example.org/school-${i}.ics` }, { fetchFeed: async () => ics }),
      );
      if (!value.ok) throw new Error(`Calendar link ${file} was refused: ${value.message}`);
      linkCosts.push(cost);
    }

    // A school year of mail: the sample inbox varied (lib/bench-mails.ts), spread over ten months.
    const templates = await loadTemplates([join(root, "samples", "inbox")]);
    const mails = benchMails(templates, {
      count: options.sample,
      now: new Date(),
      to: address,
      timeZone: TIME_ZONE,
      runId: Date.now().toString(36),
      spacingMs: Math.floor(SCHOOL_YEAR_MS / options.sample),
    });
    const copies = Math.max(0, Math.round(options.mails / options.sample) - 1);
    const mailsPerFamily = options.sample * (copies + 1);
    console.info(`[${elapsed()}] Reading ${mails.length} mails through acceptInboundEmail + runIngestJob (built-in extractor)...`);
    const inbound: Cost[] = [];
    const jobs: Cost[] = [];
    const progressBefore = fakes.calls.progress;
    for (const mail of mails) {
      const bytes = new TextEncoder().encode(mail.raw);
      const accepted = await measure(counter, "email(): store", () =>
        app.acceptInboundEmail(db, env, { from: email, to: address, rawSize: bytes.byteLength, raw: bytes, messageIdHeader: headerValue(mail.raw, "Message-ID") }),
      );
      if (accepted.value.outcome !== "stored") throw new Error(`Mail ${mail.ref} was ${accepted.value.outcome}, not stored.`);
      inbound.push(accepted.cost);
      const job = fakes.jobs.shift();
      if (!job) throw new Error(`Mail ${mail.ref} was not queued.`);
      jobs.push((await measure(counter, "queue job", () => app.runIngestJob(job, env, 1))).cost);
    }
    // What the Worker itself computes per mail, without the local binding's plumbing (a lower bound).
    const compute = { inbound: [] as number[], job: [] as number[] };
    for (const mail of mails) {
      const bytes = new TextEncoder().encode(mail.raw);
      let cpu = process.cpuUsage();
      const document = await app.readEml(bytes);
      compute.inbound.push(cpuMs(process.cpuUsage(cpu)));
      cpu = process.cpuUsage();
      await app.extractEvents(document, { now: document.sentAt ?? mail.sentAt, timeZone: TIME_ZONE });
      compute.job.push(cpuMs(process.cpuUsage(cpu)));
    }
    // The rest of the year: the sample's rows repeated in SQL (the report says so).
    counter.label = "clone";
    await repeatMail(raw, { key, copies });
    // Read here in one sitting, the year's mail would have come month by month: each row
    // carries the day its mail was sent, so "this month" holds a month of it, not the year.
    await raw.prepare("UPDATE messages SET created_at = coalesce(sent_at, created_at) WHERE user_id = ?1").bind(key).run();
    await raw
      .prepare("UPDATE events SET created_at = coalesce((SELECT min(json_extract(j.value, '$.d')) FROM json_each(events.mention_list) j), created_at) WHERE user_id = ?1")
      .bind(key)
      .run();
    // Month by month, each month's last mail would have packed what ended before the month
    // before (ADR 038): the year's mail read at once is packed once, as of today.
    counter.label = "pack past months";
    const packedRows = await app.packPastMonths(db, key, new Date());
    const familySize = (await sizeOf()) - emptySize;
    // The sample's raw mails in R2 (the throwaway bucket holds nothing else), for the year's mail.
    const r2SampleBytes = await bucketBytes(proxy.env.MAIL_STORE as ListedBucket);
    const counts = Object.fromEntries(
      await Promise.all(
        ["messages", "attachments", "events", "event_months", "sender_addresses", "url_sources", "calendar_links", "children"].map(async (name) => {
          const row = await raw.prepare(`SELECT count(*) AS n FROM ${name}`).first();
          return [name, Number((row as { n: number }).n)] as const;
        }),
      ),
    );

    // The feed, read as a parent opens it.
    const appUrl = String(proxy.env.APP_URL ?? "http://localhost:5173");
    const setCookie = await app.startSession(db, new Request(appUrl), userId);
    const cookie = setCookie.split(";")[0]!;
    const readFeed = async (rounds: number) => {
      const focus: Cost[] = [];
      const render: Cost[] = [];
      const apiEvents: Cost[] = [];
      let eventsSent = 0;
      for (let round = 0; round < rounds; round++) {
        const request = new Request(`${appUrl}/focus`, { headers: { cookie } });
        const loaded = await measure(counter, "/focus loader", () =>
          app.focusLoader({ context: { cf: { env, ctx: { waitUntil() {}, passThroughOnException() {} } } }, request, params: {} }),
        );
        focus.push(loaded.cost);
        render.push((await measure(counter, "/focus render", async () => app.renderFocus(loaded.value))).cost);
        const answer = await measure(counter, "GET /api/events", async () => {
          const response = await app.api.request("/api/events", { headers: { cookie } }, env);
          if (!response.ok) throw new Error(`GET /api/events answered ${response.status}`);
          return (await response.json()) as { events: unknown[] };
        });
        eventsSent = answer.value.events.length;
        apiEvents.push(answer.cost);
      }
      return { focus, render, apiEvents, eventsSent };
    };
    console.info(`[${elapsed()}] mails read`);
    await readFeed(2); // warm-up: module compilation is not a per-load cost
    const atOne = await readFeed(5);

    // Every other family: a clone of this one, made with SQL.
    console.info(`[${elapsed()}] Cloning the family ${options.families - 1} times with INSERT … SELECT...`);
    counter.label = "clone";
    const cloneStarted = performance.now();
    await cloneFamilies(raw, { userId, count: options.families - 1 });
    const cloneSeconds = (performance.now() - cloneStarted) / 1000;
    const totalSize = (await sizeOf()) - emptySize;
    const atN = await readFeed(5);
    console.info(`[${elapsed()}] feed read at ${options.families} families`);

    // The hot queries of the other paths, run once each for their plans and reads.
    const hot: Record<string, Cost> = {};
    for (const [name, job] of Object.entries(app.hotJobs)) {
      try {
        hot[name] = (await measure(counter, name, () => job(db, env, key, new Date()))).cost;
      } catch (error) {
        console.warn(`  ${name} failed: ${String(error).slice(0, 200)}`);
      }
    }

    const measured: Measured = {
      families: options.families,
      mailsPerFamily,
      bytesPerFamily: familySize,
      bytesPerFamilyAtN: totalSize / options.families,
      r2BytesPerFamily: (r2SampleBytes / mails.length) * mailsPerFamily,
      rowsWrittenPerMail: mean(inbound.map((c) => c.rowsWritten)) + mean(jobs.map((c) => c.rowsWritten)),
      rowsReadPerMail: mean(inbound.map((c) => c.rowsRead)) + mean(jobs.map((c) => c.rowsRead)),
      cpuMsPerMailInbound: median(inbound.map((c) => c.cpuMs))!,
      cpuMsPerMailJob: median(jobs.map((c) => c.cpuMs))!,
      rowsReadPerFocus: median(atN.focus.map((c) => c.rowsRead))!,
      rowsReadPerApiEvents: median(atN.apiEvents.map((c) => c.rowsRead))!,
      cpuMsPerFocus: median(atN.focus.map((c) => c.cpuMs))! + median(atN.render.map((c) => c.cpuMs))!,
      cpuMsPerApiEvents: median(atN.apiEvents.map((c) => c.cpuMs))!,
      progressCallsPerMail: (fakes.calls.progress - progressBefore) / mails.length,
      cronRowsReadPerRun: Object.entries(hot)
        .filter(([name]) => name.startsWith("cron"))
        .reduce((sum, [, cost]) => sum + cost.rowsRead, 0),
    };


    console.info(`\nScale benchmark: ${options.families} families × ${mailsPerFamily} mails, 3 children, 2 calendar links`);
    console.info(`  family 1: ${mails.length} mails through the real code${copies ? `, repeated ${copies} more times in SQL for the rest of its year` : ""}`);
    console.info(`  families 2–${options.families}: cloned from family 1 with SQL (${f(cloneSeconds)} s)\n`);
    console.info(
      table([
        ["per family", "measured"],
        ["D1 bytes, the real family (size_after growth)", kb(measured.bytesPerFamily)],
        [`D1 bytes per family at ${options.families} families (total / N)`, kb(measured.bytesPerFamilyAtN)],
        ["R2 bytes per family (the raw mails: the sample's, for the year's)", kb(measured.r2BytesPerFamily)],
        ["rows: messages / attachments / events", `${counts.messages} / ${counts.attachments} / ${counts.events}`],
        ["events packed into past months / packed month rows", `${packedRows} / ${counts.event_months}`],
        ["rows written per mail (email() + queue job)", `${f(mean(inbound.map((c) => c.rowsWritten)))} + ${f(mean(jobs.map((c) => c.rowsWritten)))} = ${f(measured.rowsWrittenPerMail)}`],
        ["rows read per mail (email() + queue job)", `${f(mean(inbound.map((c) => c.rowsRead)))} + ${f(mean(jobs.map((c) => c.rowsRead)))} = ${f(measured.rowsReadPerMail)}`],
        ["CPU ms per mail: email(), median: app only / with local D1 plumbing", `${f(median(compute.inbound)!)} / ${f(measured.cpuMsPerMailInbound)}`],
        ["CPU ms per mail: queue job, median: app only / with local D1 plumbing", `${f(median(compute.job)!)} / ${f(measured.cpuMsPerMailJob)}`],
        ["calendar link added: rows written, CPU ms", `${f(mean(linkCosts.map((c) => c.rowsWritten)))}, ${f(mean(linkCosts.map((c) => c.cpuMs)))}`],
        ["progress object calls per mail", f(measured.progressCallsPerMail)],
        [`events sent by GET /api/events`, String(atN.eventsSent)],
        ["rows read per /focus load: 1 family → N families", `${f(median(atOne.focus.map((c) => c.rowsRead))!)} → ${f(measured.rowsReadPerFocus)}`],
        ["rows read per GET /api/events: 1 family → N families", `${f(median(atOne.apiEvents.map((c) => c.rowsRead))!)} → ${f(measured.rowsReadPerApiEvents)}`],
        ["CPU ms per /focus: loader + render, median", `${f(median(atN.focus.map((c) => c.cpuMs))!)} + ${f(median(atN.render.map((c) => c.cpuMs))!)} = ${f(measured.cpuMsPerFocus)}`],
        ["CPU ms per GET /api/events, median", f(measured.cpuMsPerApiEvents)],
        ...Object.entries(hot).map(([name, cost]) => [`rows read: ${name}`, f(cost.rowsRead)]),
      ]),
    );

    console.info("\nQuery plans (EXPLAIN QUERY PLAN) of the hot queries");
    const scans = await printPlans(raw, counter);

    const projected = projection(measured);
    console.info(`\nProjection (prices and assumptions: scripts/lib/scale-cost.ts, docs/scale.md)`);
    console.info(table(costTable(projected)));
    console.info(
      `\n  machine: ${cpus().length} CPUs, load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; run took ${f((performance.now() - started) / 1000)} s`,
    );
    console.info(summaryLine(projected));
    if (scans.length) {
      console.error(`\n${scans.length} hot quer${scans.length === 1 ? "y scans" : "ies scan"} a table:\n${scans.map((s) => `  ${s}`).join("\n")}`);
      return 1;
    }
    return 0;
  } finally {
    await proxy.dispose();
    await vite?.close();
    if (!options.keep) await rm(stateDir, { recursive: true, force: true });
  }
}

/** Labels whose queries are plumbing, not hot paths. */
const NOT_HOT = new Set(["setup", "clone", "calendar link"]);

/**
 * Scans that are the job itself: every 15 minutes the cron picks its parents
 * (Gmail connected, devices, weekly preview on) from all of them — rows read
 * per run grow with parents, not per family; docs/scale.md counts them.
 */
const SCAN_OK = new Set<string>(["cron: Gmail poll candidates users", "cron: reminders users", "cron: weekly previews users"]);

async function printPlans(raw: D1Like, counter: D1Counter): Promise<string[]> {
  const scans: string[] = [];
  let label = "";
  for (const query of counter.seen.values()) {
    if (NOT_HOT.has(query.label) || !/^\s*(select|update|delete|insert|with)\b/i.test(query.sql)) continue;
    if (query.label !== label) {
      label = query.label;
      console.info(`\n  ${label}`);
    }
    const plan = await raw.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.params).all();
    const lines = plan.results.map((row) => String(row.detail));
    console.info(`    ${query.sql.length > 150 ? `${query.sql.slice(0, 150)}…` : query.sql}`);
    console.info(`      rows read ${Math.round(query.rowsRead / query.calls)} per call · ${lines.join(" | ")}`);
    for (const line of lines) {
      const scanned = /^SCAN (\w+)\b/.exec(line);
      // json_each walks one row's mention list, and a VALUES clause the rows a statement names: not tables.
      const listWalk = line.includes("json_each VIRTUAL TABLE") || line.includes("VALUES CLAUSE");
      if (scanned && !SCAN_OK.has(`${label} ${scanned[1]}`) && !line.includes("CONSTANT ROW") && !listWalk) scans.push(`${label}: ${line} in ${query.sql.slice(0, 100)}`);
    }
  }
  return scans;
}

process.exitCode = await main();
