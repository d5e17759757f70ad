/**
 * Ingest limits (spec §6, §9; ADR 006).
 */

/** Larger mail is refused at the door: real school mail with a flyer PDF is well under this. */
export const MAX_EMAIL_BYTES = 10 * 1024 * 1024;

/** spec §9: "Basic: 5 emails per month." Counted per calendar month in the parent's zone. */
export const BASIC_EMAILS_PER_MONTH = 5;

export const BASIC_LIMIT_NOTE =
  "Basic reads 5 emails a month. This one was saved but not read for events: upgrade to Premium to read it.";

/**
 * Attempts the queue makes before a source is marked failed: wrangler.toml's max_retries + 1
 * (workers/wrangler-config.test.ts holds the two together). After the last, the queue would
 * move the message to its dead-letter queue; the job marks the source failed first.
 */
export const MAX_INGEST_ATTEMPTS = 4;

/** The first retry waits this long (wrangler.toml retry_delay); each later one twice the one before. */
export const INGEST_RETRY_DELAY_SECONDS = 30;

/** How long the queue holds a failed job before delivery `attempt + 1`: a brief outage passes. */
export function ingestRetryDelaySeconds(attempt: number): number {
  return INGEST_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempt - 1);
}
