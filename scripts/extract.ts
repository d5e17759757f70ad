/**
 * The extraction CLI (contract: shared/eval/README.md):
 *   npm run --silent extract -- <file> [--now ISO] [--tz IANA] [--children family.json] [--occurrences DAYS]
 * Same readers and pipeline as the Worker; prints {"events":[...]} on stdout.
 * With --occurrences DAYS it adds "occurrences": every occurrence the feed
 * would show from --now through DAYS later, from the feed's own expansion.
 * With --children (a list of {firstName, grade, school, teachers}) each event
 * also carries taggedPeople, as first names; without it the output is the
 * eval contract's, unchanged.
 */
import { extractEvents } from "../app/.server/extract/pipeline";
import type { ExtractedEvent } from "../app/.server/extract/types";
import { childTagger, type ChildProfile } from "../app/.server/tagging/children";
import { asFeedEvent } from "../app/.server/ingest/stored-event";
import { feedOccurrences } from "../app/lib/feed/occurrences";
import { isTimeZone, localDate } from "../app/lib/time-zone";
import { readSource } from "./extract-source";
import { readFamily } from "./tagging-family";

interface Options {
  file: string;
  now: Date | null;
  timeZone: string;
  children: string | null;
  occurrences: number | null;
}

function parseArgs(argv: string[]): Options {
  let file: string | null = null;
  let now: Date | null = null;
  let timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  let children: string | null = null;
  let occurrences: number | null = null;
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
    } else if (arg === "--children") {
      const value = argv[++i];
      if (!value) throw new Error("--children needs a JSON file of children");
      children = value;
    } else if (arg === "--occurrences") {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error("--occurrences needs a number of days");
      occurrences = value;
    } else if (!file) file = arg;
    else throw new Error(`Unexpected argument: ${arg}`);
  }
  if (!file) throw new Error("Usage: npm run --silent extract -- <file> [--now ISO] [--tz IANA] [--children family.json] [--occurrences DAYS]");
  return { file, now, timeZone, children, occurrences };
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
  if (options.occurrences !== null) {
    const clock = { timeZone: options.timeZone, today: localDate(now, options.timeZone), now: now.getTime() };
    const feed = events.map((e, i) => asFeedEvent(e, `event-${i + 1}`, options.timeZone, now));
    const occurrences = feedOccurrences(feed, clock, options.occurrences);
    process.stdout.write(`${JSON.stringify({ events: events.map(forOutput), occurrences })}\n`);
    return;
  }
  if (!options.children) {
    process.stdout.write(`${JSON.stringify({ events: events.map(forOutput) })}\n`);
    return;
  }
  // The family file has no ids, so ids are first names and taggedPeople reads as names.
  const children: ChildProfile[] = await readFamily(options.children);
  const tag = childTagger(document, children);
  const tagged = events.map((e) => ({ ...forOutput(e), taggedPeople: tag(e) }));
  process.stdout.write(`${JSON.stringify({ events: tagged })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`extract: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
