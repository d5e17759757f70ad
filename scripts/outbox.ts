/**
 * `npm run outbox -- [email] [--persist-to <state dir>]`
 *
 * Development only: the newest mail in the LOCAL D1's outbox (where the fake
 * mail sender puts every weekly preview), or the newest one to `email`,
 * written to .wrangler/outbox/<id>.html to open in a browser. Signed in to the
 * running app, http://localhost:5173/api/dev/outbox shows the same.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parentEmail, queryLocalD1, sqlText } from "./lib/local-d1";

const root = fileURLToPath(new URL("..", import.meta.url));

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--persist-to");
  const persistTo = at >= 0 ? args.splice(at, 2)[1] : undefined;
  if (args.length > 1 || args[0]?.startsWith("-") || (at >= 0 && !persistTo)) {
    console.error("Usage: npm run outbox -- [email] [--persist-to <state dir>]");
    return 2;
  }
  let where = "";
  try {
    if (args[0]) where = `WHERE "to" = ${sqlText(parentEmail(args[0]))}`;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const [mail] = await queryLocalD1(
    `SELECT id, "to", subject, html, created_at FROM mail_outbox ${where} ORDER BY created_at DESC LIMIT 1`,
    { root, persistTo },
  );
  if (!mail) {
    console.error("The local outbox is empty. Send a preview first (Premium: npm run dev:premium -- <email>): http://localhost:5173/api/mail/weeklypreview (signed in).");
    return 1;
  }
  const folder = join(root, ".wrangler", "outbox");
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${String(mail.id)}.html`);
  await writeFile(file, String(mail.html));
  console.info(`${String(mail.subject)} (to ${String(mail.to)}, ${new Date(Number(mail.created_at)).toISOString()})`);
  console.info(file);
  return 0;
}

process.exitCode = await main();
