/**
 * The LOCAL D1 database (Miniflare's, under .wrangler/state or a throwaway
 * state directory), reached through `wrangler d1 execute --local`. Never
 * --remote: these helpers exist for development only.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

/** No network here: Miniflare must not fetch its cf placeholder, wrangler must not send metrics. */
export function toolEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: process.env.CI ?? "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
  };
}

const WRANGLER_TIMEOUT_MS = 60_000;

/**
 * An e-mail address a parent signs in with, normalised as the app stores it
 * (trimmed, lowercased), or an error. Strict on purpose: the value ends up in
 * SQL text, because `wrangler d1 execute --command` takes no bound parameters.
 */
export function parentEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._%+'-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(email) || email.length > 254) {
    throw new Error(`Not an e-mail address Cubby could have signed in: ${JSON.stringify(input)}`);
  }
  return email;
}

/** A SQL string literal: single quotes doubled (O'Brien → 'O''Brien'). */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export interface LocalD1Options {
  /** The repository root (where wrangler.toml is). */
  root: string;
  /** A state directory other than .wrangler/state (the benchmark's throwaway one). */
  persistTo?: string;
}

/** Runs one SQL statement on the local D1 and returns its result rows. */
export async function queryLocalD1(sql: string, { root, persistTo }: LocalD1Options): Promise<Record<string, unknown>[]> {
  const args = ["d1", "execute", "DB", "--local", "--json", "--command", sql];
  if (persistTo) args.push("--persist-to", persistTo);
  // The project's Node (the one running us) and its own wrangler, without a shell in between.
  const child = spawn(process.execPath, [join(root, "node_modules", ".bin", "wrangler"), ...args], {
    cwd: root,
    env: toolEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    timeout: WRANGLER_TIMEOUT_MS,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`wrangler d1 execute exited with ${code}:\n${(stderr || stdout).slice(-2_000)}`);
  const json = stdout.slice(stdout.indexOf("["));
  const results = JSON.parse(json) as { results: Record<string, unknown>[]; success: boolean }[];
  if (!results[0]?.success) throw new Error(`wrangler d1 execute did not succeed:\n${stdout.slice(-2_000)}`);
  return results[0].results;
}

/**
 * Makes a local parent Premium (subscription_status 'active', spec §4).
 * Returns false when no parent has that e-mail; nothing changes then.
 */
export async function makePremium(email: string, options: LocalD1Options): Promise<boolean> {
  const address = parentEmail(email);
  // RETURNING tells us whether a row changed: local D1 does not report a change count.
  const rows = await queryLocalD1(
    `UPDATE users SET subscription_status = 'active' WHERE email = ${sqlText(address)} RETURNING email`,
    options,
  );
  return rows.length > 0;
}
