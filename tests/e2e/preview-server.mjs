/**
 * Starts the production build of Cubby in workerd (`vite preview`) against a
 * throwaway local D1, for the end-to-end tests and for `npm run measure:js`.
 *
 * Plain Node only (no Vitest imports) and erasable TypeScript only, so that
 * scripts/measure-js.mjs can import it through Node 24's type stripping.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

export interface PreviewOptions {
  /** The repository root (where package.json and build/ live). */
  root: string;
  /** Reuse an existing build/ instead of building first. */
  skipBuild?: boolean;
  /** Progress notes for the person running the command. */
  log?: (message: string) => void;
}

export interface PreviewServer {
  baseURL: string;
  stateDir: string;
  /** Ends the whole server process group and removes the state directory. */
  stop(): Promise<void>;
}

// `vite preview` reads this port from vite.config.ts (strictPort), so a
// second server on it fails loudly instead of moving elsewhere.
const PORT = 4173;
const READY_TIMEOUT_MS = 60_000;

/**
 * There is no network here or in CI: Miniflare must not fetch its `Request.cf`
 * placeholder and wrangler must not send metrics. CI=true keeps wrangler from
 * asking for confirmation when there is no TTY.
 */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: process.env.CI ?? "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    ...extra,
  };
}

/**
 * The project's tools run on the Node that runs us (the project's Node 24, not
 * whatever `node` a PATH lookup inside npx would find), from node_modules/.bin.
 */
function tool(root: string, name: string, args: string[], env = childEnv(), detached = false) {
  return spawn(process.execPath, [join(root, "node_modules", ".bin", name), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
}

/** Keeps the tail of a child's output for error messages. */
function captureOutput(child: ChildProcess): () => string {
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return () => output;
}

async function run(root: string, name: string, args: string[]): Promise<void> {
  const child = tool(root, name, args);
  const output = captureOutput(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) {
    throw new Error(`\`${name} ${args.join(" ")}\` exited with ${code}:\n${output()}`);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  // `detached` made the child a process-group leader: a negative pid reaches
  // workerd and every other grandchild too.
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function startPreview({ root, skipBuild = false, log = () => {} }: PreviewOptions): Promise<PreviewServer> {
  const baseURL = `http://localhost:${PORT}`;
  // A developer's own preview on the port would silently answer our requests
  // with their data; refuse instead.
  if (await answers(baseURL)) {
    throw new Error(`Something already answers on ${baseURL}; stop it before running this.`);
  }

  if (skipBuild && existsSync(join(root, "build", "server", "index.js"))) {
    log("Using the existing build/.");
  } else {
    log("Building (react-router build)...");
    await run(root, "react-router", ["build"]);
  }

  const stateDir = await mkdtemp(join(tmpdir(), "cubby-e2e-"));
  log(`Applying migrations to ${stateDir}...`);
  await run(root, "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);

  log("Starting vite preview...");
  const server = tool(root, "vite", ["preview"], childEnv({ CUBBY_STATE_DIR: stateDir }), true);
  const output = captureOutput(server);
  const status: { exited?: string } = {};
  server.once("exit", (code, signal) => {
    status.exited = `exited with ${signal ?? code}`;
  });
  // Never leave workerd behind, even when the caller dies without tearing down.
  const killOnExit = () => killGroup(server, "SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    if (status.exited === undefined) {
      const gone = new Promise((resolve) => server.once("exit", resolve));
      killGroup(server, "SIGTERM");
      const timeout = delay(5_000).then(() => "timeout");
      await Promise.race([gone, timeout]);
      // Whatever is still alive in the group (a stuck leader, a workerd that
      // outlived it) goes now.
      killGroup(server, "SIGKILL");
    }
    await rm(stateDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(`${baseURL}/`))) {
    if (status.exited !== undefined || Date.now() > deadline) {
      const reason = status.exited ?? `did not answer within ${READY_TIMEOUT_MS / 1000} s`;
      await stop();
      throw new Error(`vite preview ${reason}. Its output:\n${output()}`);
    }
    await delay(250);
  }
  log(`Preview ready at ${baseURL}.`);
  return { baseURL, stateDir, stop };
}
