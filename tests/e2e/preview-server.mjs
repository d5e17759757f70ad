/**
 * Starts the production build of Cubby in workerd (`vite preview`) against a
 * throwaway local D1, for the end-to-end tests and for `npm run measure:js`.
 *
 * Plain JavaScript typed with JSDoc (no Vitest imports) so that
 * scripts/measure-js.mjs can share it: the typecheck does not accept a .mjs
 * script importing a .ts module.
 */
import { d1Bindings, shardNumbers } from "../../scripts/lib/d1-bindings.mjs";
import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

/**
 * @typedef {object} PreviewOptions
 * @property {string} root The repository root (where package.json and build/ live).
 * @property {boolean} [skipBuild] Reuse an existing build/ instead of building first.
 * @property {(message: string) => void} [log] Progress notes for the person running the command.
 * @property {number} [port] Where to serve; by default a port nobody is using.
 * @property {string} [logFile] Also append the server's own output (request errors, console.error
 *   from the Worker) here, so that a failing run can show what the server said.
 */

/**
 * @typedef {object} PreviewServer
 * @property {string} baseURL
 * @property {string} stateDir
 * @property {() => Promise<void>} stop Ends the whole server process group and removes the state directory.
 */

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */

const READY_TIMEOUT_MS = 60_000;

/**
 * There is no network here or in CI: Miniflare must not fetch its `Request.cf`
 * placeholder and wrangler must not send metrics. CI=true keeps wrangler from
 * asking for confirmation when there is no TTY.
 * @param {Record<string, string>} [extra]
 */
function childEnv(extra = {}) {
  // Under Vitest, NODE_ENV is "test" and VITEST* are set: a build inheriting
  // them ships React's development bundle. The tools must run as from a shell.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST")),
  );
  return {
    ...inherited,
    CI: process.env.CI ?? "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    ...extra,
  };
}

/**
 * The project's tools run on the Node that runs us (the project's Node 24, not
 * whatever `node` a PATH lookup inside npx would find), from node_modules/.bin.
 * @param {string} root
 * @param {string} name
 * @param {string[]} args
 */
function tool(root, name, args, env = childEnv(), detached = false) {
  return spawn(process.execPath, [join(root, "node_modules", ".bin", name), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
}

/**
 * Keeps the tail of a child's output for error messages.
 * @param {ChildProcess} child
 * @returns {() => string}
 */
function captureOutput(child) {
  let output = "";
  /** @param {Buffer} chunk */
  const append = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return () => output;
}

/**
 * @param {string} root
 * @param {string} name
 * @param {string[]} args
 */
async function run(root, name, args) {
  const child = tool(root, name, args);
  const output = captureOutput(child);
  /** @type {number | null} */
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) {
    throw new Error(`\`${name} ${args.join(" ")}\` exited with ${code}:\n${output()}`);
  }
}

/** @param {string} url */
async function answers(url) {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  // `detached` made the child a process-group leader: a negative pid reaches
  // workerd and every other grandchild too.
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * A port the OS just handed out, so that the tests, measure:js, benchmarks and
 * a developer's own `npm run preview` (4173) never meet on the same server.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * @param {PreviewOptions} options
 * @returns {Promise<PreviewServer>}
 */
export async function startPreview({ root, skipBuild = false, log = () => {}, port, logFile }) {
  const chosenPort = port ?? (await freePort());
  const baseURL = `http://localhost:${chosenPort}`;

  if (skipBuild && existsSync(join(root, "build", "server", "index.js"))) {
    log("Using the existing build/.");
  } else {
    log("Building (react-router build)...");
    await run(root, "react-router", ["build"]);
  }

  const stateDir = await mkdtemp(join(tmpdir(), "cubby-e2e-"));
  log(`Applying migrations to ${stateDir}...`);
  // The directory and every shard (ADR 027), the newest open: the browser tests' families live there.
  for (const binding of d1Bindings(undefined)) await run(root, "wrangler", ["d1", "migrations", "apply", binding, "--local", "--persist-to", stateDir]);
  const newest = Math.max(...shardNumbers(undefined));
  await run(root, "wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--command", `INSERT OR IGNORE INTO shards (number, created_at) VALUES (${newest}, ${Date.now()})`]);

  log("Starting vite preview...");
  // strictPort (vite.config.ts) makes a port taken in the meantime fail loudly
  // instead of the server quietly moving elsewhere.
  const server = tool(root, "vite", ["preview", "--port", String(chosenPort)], childEnv({ CUBBY_STATE_DIR: stateDir }), true);
  const output = captureOutput(server);
  if (logFile) {
    const file = createWriteStream(logFile, { flags: "a" });
    server.stdout?.pipe(file);
    server.stderr?.pipe(file);
  }
  /** @type {{ exited?: string }} */
  const status = {};
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
