import { afterEach, beforeEach, vi } from "vitest";
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardBinding } from "~/.server/db/client";
import { shardNumbers } from "~/.server/family/data";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

// Idempotent: only migrations not yet recorded are applied. Every shard is migrated like the
// directory (DB_SHARD_1 is the directory's own database): the suite runs with two shards
// (ADR 027). Families start on shard 1, where a test's `db()` reads them; shards.test.ts
// opens shard 2 for families of its own.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const shard of shardNumbers(env)) {
  await applyD1Migrations(shardBinding(env, shard), env.TEST_MIGRATIONS);
}

// An unexpected console.error is a bug the test did not notice: fail loudly.
// Tests that expect one mock console.error themselves.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during a test: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => vi.restoreAllMocks());
