/**
 * `npm run shard:move -- --family <owner's user id> --to <shard> [--env production]`
 *
 * Moves one family's rows to another shard (ADR 027, app/.server/family/move.ts): copies
 * every row, points the directory at the new shard, deletes the old rows. Locally it works
 * on `npm run dev`'s state; with `--env production` on the deployed databases through
 * wrangler's remote bindings. Run it in a quiet hour: mail arriving during the move can be
 * written to the old shard and lost with it.
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { database } from "../app/.server/db/client";
import { families } from "../app/.server/db/schema";
import { moveFamily } from "../app/.server/family/move";
import { familyOfKey } from "../app/.server/family/membership";

const { values } = parseArgs({ options: { family: { type: "string" }, to: { type: "string" }, env: { type: "string" } } });
const to = Number(values.to);
if (!values.family || !Number.isInteger(to) || to < 1) {
  console.error("Usage: npm run shard:move -- --family <owner's user id> --to <shard> [--env production]");
  process.exit(2);
}
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", environment: values.env, remoteBindings: Boolean(values.env) });
try {
  const directory = database(proxy.env);
  if (!(await directory.query.families.findFirst({ where: eq(families.ownerId, values.family) }))) {
    console.error(`No family has the key ${values.family}.`);
    process.exitCode = 2;
  } else {
    await move(directory);
  }
} finally {
  await proxy.dispose();
}

async function move(directory: ReturnType<typeof database>) {
  const family = await familyOfKey(directory, values.family!);
  const report = await moveFamily(proxy.env, family, to);
  console.info(`Moved family ${values.family} from shard ${report.from} to ${report.to}:`, report.rows);
}
