/**
 * npm run seed:feed -- --email <parent> [--persist-to <state dir>] [--count 300] [--ranges 40]
 *
 * Gives a local parent a year of made-up events (the same generator as
 * bench:feed) straight in the LOCAL D1, for looking at a full feed with
 * `npm run dev` stopped (a running app writes through POST /api/dev/events
 * instead, as the e2e and Lighthouse do). The parent must exist (sign in once
 * first). Never --remote.
 */
import { spawn } from "node:child_process";
import { writeFile, rm, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parentEmail, sqlText, toolEnv } from "./lib/local-d1";

interface SampleEvent {
  _id: string;
  eventName: string;
  description: string | null;
  start: string;
  end: string | null;
  dateTime: boolean;
  tags: string[];
  range: boolean;
  startRange?: string | null;
  endRange?: string | null;
  recurrence?: unknown;
  firstView: boolean;
  dislike: boolean;
  location: string | null;
  createdAt: string;
}

const root = join(import.meta.dirname, "..");

function option(name: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

const nullable = (value: string | null | undefined) => (value === null || value === undefined ? "NULL" : sqlText(value));

export function seedSql(email: string, events: SampleEvent[]): string {
  const owner = `(SELECT id FROM users WHERE email = ${sqlText(parentEmail(email))})`;
  return events
    .map(
      (event, index) =>
        `INSERT INTO events (id, user_id, event_name, description, start, "end", date_time, tags, range, start_range, end_range, recurrence, first_view, dislike, location, fingerprint, created_at) VALUES (` +
        [
          sqlText(`seed-${crypto.randomUUID()}`),
          owner,
          sqlText(event.eventName),
          nullable(event.description),
          sqlText(event.start),
          nullable(event.end),
          event.dateTime ? 1 : 0,
          sqlText(JSON.stringify(event.tags)),
          event.range ? 1 : 0,
          nullable(event.startRange),
          nullable(event.endRange),
          event.recurrence ? sqlText(JSON.stringify(event.recurrence)) : "NULL",
          event.firstView ? 1 : 0,
          event.dislike ? 1 : 0,
          nullable(event.location),
          sqlText(`seed-${index}-${event._id}`),
          Date.parse(event.createdAt),
        ].join(", ") +
        ");",
    )
    .join("\n");
}

export async function seedFeed({ email, persistTo, count = 300, ranges = 40 }: { email: string; persistTo?: string; count?: number; ranges?: number }) {
  const { sampleEvents } = (await import(pathToFileURL(join(root, "tests/e2e/feed-sample.ts")).href)) as {
    sampleEvents: (count: number, ranges: number, from: number) => SampleEvent[];
  };
  const dir = await mkdtemp(join(tmpdir(), "cubby-seed-"));
  const file = join(dir, "seed.sql");
  await writeFile(file, seedSql(email, sampleEvents(count, ranges, Date.now())));
  const args = [join(root, "node_modules", ".bin", "wrangler"), "d1", "execute", "DB", "--local", "--file", file];
  if (persistTo) args.push("--persist-to", persistTo);
  const child = spawn(process.execPath, args, { cwd: root, env: toolEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  await rm(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`wrangler d1 execute exited with ${code}:\n${output.slice(-2000)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const email = option("email");
  if (!email) {
    console.error("Usage: npm run seed:feed -- --email <parent> [--persist-to <dir>] [--count 300] [--ranges 40]");
    process.exit(2);
  }
  const count = Number(option("count", "300"));
  const ranges = Number(option("ranges", "40"));
  await seedFeed({ email, persistTo: option("persist-to"), count, ranges });
  console.log(`Seeded ${count} events (${ranges} ranges) for ${email}.`);
}
