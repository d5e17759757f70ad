import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// No network here or in CI: keep Miniflare and wrangler from reaching out.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

const alias = { "~": new URL("./app", import.meta.url).pathname };

export default defineConfig(async () => ({
  test: {
    projects: [
      {
        // Pure logic: app/lib and friends, in plain Node.
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          // A timeout here catches a hang, not slowness: the DST and time-zone sweeps take 1–2 s
          // alone and passed 5 s when the machine was busy with other work.
          testTimeout: 30_000,
          // Two files at a time, as on CI's two cores (Vitest's default keeps one core free, so
          // one file at a time there): the unit and worker layer took 338 s one by one, 229 s two by two.
          maxWorkers: 2,
          // A worker runs its files one after another in one module graph instead of a fresh one
          // per file: 30 s → 10 s. No file leaves state behind (fake timers are put back after
          // each test); runs with --sequence.shuffle pass.
          isolate: false,
          include: ["app/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      {
        // The Worker in workerd, with a real local D1 (migrations applied in setup).
        resolve: { alias },
        plugins: [
          cloudflareTest({
            main: "./tests/worker/entry.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                TOKEN_KEY: "test-token-key-not-a-secret-0123456789",
                // Every query checked against its handle's role: family tables through familyDb only (ADR 027).
                GUARD_DATA_HANDLES: "on",
              },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          // As for the unit project: a PDF read in the queue job passed 5 s on a busy machine.
          testTimeout: 30_000,
          maxWorkers: 2,
          setupFiles: ["./tests/worker/setup.ts"],
          // One workerd and one local D1 per worker for all its files, not one per file: most of
          // a file's time was starting them (158 s → 42 s for the layer). The files share that
          // D1, as the app's users do: each test signs in its own parent and reads only what is
          // theirs. Runs with --sequence.shuffle pass.
          isolate: false,
        },
      },
      {
        // The built app served by `vite preview` in workerd, driven by Debian's
        // Chromium through playwright-core with phone profiles.
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["./tests/e2e/global-setup.ts"],
          // Two files at a time: most of an end-to-end test is waiting (the queue, a page, a
          // poll), and every test signs in its own parent, so files share only the server.
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default, and one read of a page can take longer
          // than that on a loaded 2-core CI machine (a fresh page hydrating, two browsers
          // busy): the poll failed while the page was right.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
}));
