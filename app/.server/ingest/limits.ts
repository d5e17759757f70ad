/**
 * Ingest limits (spec §6, §9; ADR 006).
 */

/** Larger mail is refused at the door: real school mail with a flyer PDF is well under this. */
export const MAX_EMAIL_BYTES = 10 * 1024 * 1024;

/** spec §9: "Basic: 5 emails per month." Counted per calendar month in the parent's zone. */
export const BASIC_EMAILS_PER_MONTH = 5;

export const BASIC_LIMIT_NOTE =
  "Basic reads 5 emails a month. This one was saved but not read for events: upgrade to Premium to read it.";

/** Attempts the queue makes before a source is marked failed (wrangler.toml max_retries + 1). */
export const MAX_INGEST_ATTEMPTS = 4;
