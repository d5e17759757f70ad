import type { IngestJob } from "./jobs";

/** The parent's progress object (one Durable Object per parent). */
export function progressOf(env: Env, userId: string) {
  return env.PROGRESS.get(env.PROGRESS.idFromName(userId));
}

/** Queue sendBatch takes at most 100 messages. */
const QUEUE_BATCH = 100;

/** Queues sources for extraction and counts them into the parent's current check. */
export async function queueSources(env: Env, userId: string, jobs: IngestJob[]): Promise<void> {
  if (!jobs.length) return;
  await progressOf(env, userId).queued(jobs.length);
  for (let i = 0; i < jobs.length; i += QUEUE_BATCH) {
    await env.INGEST.sendBatch(jobs.slice(i, i + QUEUE_BATCH).map((body) => ({ body })));
  }
}
