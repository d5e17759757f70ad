/**
 * wrangler.toml as wrangler itself reads it, for local development (the top
 * level) and for production: the queue's attempts agree with the ingest code,
 * and production has every binding (wrangler environments inherit none) and
 * no localhost address.
 */
import { fileURLToPath } from "node:url";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { INGEST_RETRY_DELAY_SECONDS, MAX_INGEST_ATTEMPTS } from "~/.server/ingest/limits";

/** The parts of wrangler's resolved config read here (its own types do not resolve in this tsconfig). */
interface ResolvedConfig {
  vars: Record<string, unknown>;
  d1_databases: { binding: string; database_id: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
  queues: {
    producers?: { binding: string; queue: string }[];
    consumers?: { queue: string; max_retries?: number; retry_delay?: number; dead_letter_queue?: string }[];
  };
  durable_objects: { bindings: { name: string; class_name: string }[] };
  ratelimits: { name: string; namespace_id: string }[];
  triggers: { crons?: string[] };
}

const configPath = fileURLToPath(new URL("../wrangler.toml", import.meta.url));
const read = (env?: string) =>
  unstable_readConfig({ config: configPath, env }, { hideWarnings: true }) as unknown as ResolvedConfig;

const environments = [
  { label: "local development", env: undefined },
  { label: "production", env: "production" },
];

describe.each(environments)("wrangler.toml, $label", ({ env }) => {
  const config = read(env);

  it("retries an ingest job as often and as late as the ingest code expects, then dead-letters it", () => {
    const [consumer] = config.queues.consumers ?? [];
    expect(consumer?.queue).toBe("cubby-ingest");
    expect(consumer!.max_retries! + 1).toBe(MAX_INGEST_ATTEMPTS);
    expect(consumer!.retry_delay).toBe(INGEST_RETRY_DELAY_SECONDS);
    expect(consumer!.dead_letter_queue).toBe("cubby-ingest-dlq");
  });

  it("binds everything the Worker uses", () => {
    // The directory, and the family shards: shard 1 is the directory's own database (ADR 027).
    expect(config.d1_databases.map((d) => d.binding)).toEqual(env ? ["DB", "DB_SHARD_1"] : ["DB", "DB_SHARD_1", "DB_SHARD_2"]);
    const id = (binding: string) => config.d1_databases.find((d) => d.binding === binding)!.database_id;
    expect(id("DB_SHARD_1")).toBe(id("DB"));
    expect(config.d1_databases.every((d) => d.migrations_dir === "migrations")).toBe(true);
    expect(config.r2_buckets.map((b) => [b.binding, b.bucket_name])).toEqual([["MAIL_STORE", "cubby-mail"]]);
    expect(config.queues.producers?.map((p) => [p.binding, p.queue])).toEqual([["INGEST", "cubby-ingest"]]);
    expect(config.durable_objects.bindings.map((b) => [b.name, b.class_name])).toEqual([["PROGRESS", "CheckProgress"]]);
    expect(config.ratelimits.map((r) => r.name).toSorted()).toEqual(
      ["CHECKURL_LIMITER", "INBOUND_LIMITER", "PREVIEW_LIMITER", "SIGN_IN_LIMITER", "USERNAME_LIMITER"],
    );
    expect(config.triggers.crons).toEqual(["*/15 * * * *"]);
    expect(Object.keys(config.vars).toSorted()).toEqual(["APP_URL", "EXTRACTOR", "INBOUND_DOMAIN"]);
  });
});

describe("wrangler.toml, production", () => {
  const production = read("production");

  it("has no localhost value", () => {
    expect(JSON.stringify(production.vars)).not.toMatch(/localhost/);
    expect(new URL(String(production.vars.APP_URL)).protocol).toBe("https:");
  });

  it("keeps its rate-limit counters apart from any other deployment's", () => {
    const local = new Set(read().ratelimits.map((r) => r.namespace_id));
    for (const limiter of production.ratelimits) expect(local.has(limiter.namespace_id)).toBe(false);
  });
});
