import { afterEach, beforeEach, vi } from "vitest";
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

// Idempotent: only migrations not yet recorded are applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// An unexpected console.error is a bug the test did not notice: fail loudly.
// Tests that expect one mock console.error themselves.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during a test: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => vi.restoreAllMocks());
