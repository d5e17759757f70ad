/**
 * `npm run inbox -- <file|dir>... --to <username|address> --as <parent's sign-in e-mail> [--base http://localhost:5173] [--tz America/Toronto]`
 *
 * Sends the sample inbox (samples/inbox/*.eml templates, see samples/README.md)
 * to a parent's Cubby address on the running dev server, through the
 * Cloudflare plugin's local e-mail endpoint: the same email() handler that
 * Email Routing calls in production. The last mail is sent "now" and each
 * earlier one a minute before it, so they arrive in their natural order.
 *
 * `--as` sends each mail as the parent forwarding it (their address is the
 * envelope sender), so Cubby reads it at once; without it each mail comes
 * from its own sender and waits under "From someone new" on the profile
 * unless the parent follows that sender (ADR 016).
 *
 * Prints one line per mail with the endpoint's HTTP status; exits non-zero
 * when any mail was refused or the server is not running.
 */
import { parseArgs } from "node:util";
import { isTimeZone } from "../app/lib/time-zone";
import { assertLocal, LocalCubby } from "./lib/local-cubby";
import { cubbyAddress, loadTemplates, prepareMail } from "./lib/sample-inbox";
import { DEFAULT_TIME_ZONE } from "./lib/sample-template";

const MINUTE_MS = 60_000;
/** spec §9 "Basic: 5 emails per month" (app/.server/ingest/limits.ts). */
const BASIC_EMAILS_PER_MONTH = 5;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    "Usage: npm run inbox -- <file.eml|dir>... --to <username|address> [--as <parent's sign-in e-mail>] [--base http://localhost:5173] [--tz America/Toronto]",
  );
  process.exit(2);
}

function readOptions() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        to: { type: "string" },
        as: { type: "string" },
        base: { type: "string", default: "http://localhost:5173" },
        tz: { type: "string", default: DEFAULT_TIME_ZONE },
      },
    });
    if (!positionals.length) usage("Name at least one sample file or directory (e.g. samples/inbox).");
    if (!values.to) usage("Say whose inbox with --to <username> (or the full address).");
    if (!isTimeZone(values.tz)) throw new Error(`Not an IANA time zone: ${values.tz}`);
    assertLocal(values.base);
    return { paths: positionals, to: cubbyAddress(values.to), as: values.as, base: values.base, timeZone: values.tz };
  } catch (error) {
    usage((error as Error).message);
  }
}

async function main(): Promise<number> {
  const options = readOptions();
  const cubby = new LocalCubby(options.base);
  if (!(await cubby.isAnswering())) {
    console.error(`Cubby is not answering at ${cubby.origin}. Start the dev server with \`npm run dev\` and try again.`);
    return 1;
  }
  const templates = await loadTemplates(options.paths);
  if (!templates.length) {
    console.error(`No .eml files in ${options.paths.join(", ")}.`);
    return 1;
  }

  const now = Date.now();
  let refused = 0;
  console.info(`Sending ${templates.length} mail(s) to ${options.to} via ${cubby.origin}/cdn-cgi/local/email`);
  for (const [index, template] of templates.entries()) {
    const sentAt = new Date(now - (templates.length - 1 - index) * MINUTE_MS);
    const mail = prepareMail(template, { sentAt, to: options.to, timeZone: options.timeZone });
    let line: string;
    try {
      const delivery = await cubby.deliverEmail(mail.raw, { from: options.as ?? mail.from, to: options.to });
      if (delivery.status !== 200) refused++;
      const note = delivery.status === 200 ? "" : `  → ${delivery.text}`;
      line = `${delivery.status}  ${mail.name}  "${mail.subject}"${note}`;
    } catch (error) {
      refused++;
      line = `ERR  ${mail.name}  ${(error as Error).message}`;
    }
    console.info(line);
  }
  if (refused) console.error(`${refused} of ${templates.length} mail(s) were not accepted.`);
  if (!options.as) {
    console.info(
      "Note: sent from their own senders, these wait under \"From someone new\" on the profile unless the parent follows them; " +
        "add --as <the parent's sign-in e-mail> to send them as the parent's forwards.",
    );
  }
  if (templates.length > BASIC_EMAILS_PER_MONTH) {
    // Accepted is not read: past the Basic allowance mail is kept but not read for events.
    console.info(
      `Note: a Basic parent's mail is read for events only ${BASIC_EMAILS_PER_MONTH} times a month; ` +
        "`npm run dev:premium -- <their sign-in e-mail>` makes a local parent Premium.",
    );
  }
  return refused ? 1 : 0;
}

process.exitCode = await main();
