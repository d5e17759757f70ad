/**
 * The extraction CLI (contract: shared/eval/README.md):
 *   npm run --silent extract -- <file> [--now ISO] [--tz IANA]
 * Same readers and pipeline as the Worker; prints {"events":[...]} on stdout.
 */
import { extractEvents } from "../app/.server/extract/pipeline";
import type { ExtractedEvent } from "../app/.server/extract/types";
import { isTimeZone } from "../app/lib/zoned-time";
import { readSource } from "./extract-source";

interface Options {
  file: string;
  now: Date | null;
  timeZone: string;
}

function parseArgs(argv: string[]): Options {
  let file: string | null = null;
  let now: Date | null = null;
  let timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--now") {
      const value = argv[++i];
      const ms = value ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(ms)) throw new Error(`--now needs an ISO date-time, got ${value ?? "nothing"}`);
      now = new Date(ms);
    } else if (arg === "--tz") {
      const value = argv[++i];
      if (!value || !isTimeZone(value)) throw new Error(`--tz needs an IANA time zone, got ${value ?? "nothing"}`);
      timeZone = value;
    } else if (!file) file = arg;
    else throw new Error(`Unexpected argument: ${arg}`);
  }
  if (!file) throw new Error("Usage: npm run --silent extract -- <file> [--now ISO] [--tz IANA]");
  return { file, now, timeZone };
}

/** The contract's fields plus hyperlink; internal hints (origin) stay inside. */
function forOutput(e: ExtractedEvent) {
  const { origin: _origin, ...fields } = e;
  return fields;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const document = await readSource(options.file);
  const now = options.now ?? document.sentAt ?? new Date();
  const events = await extractEvents(document, { now, timeZone: options.timeZone });
  process.stdout.write(`${JSON.stringify({ events: events.map(forOutput) })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`extract: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
