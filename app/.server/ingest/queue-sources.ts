import type { IngestJob } from "./jobs";

/** The parent's progress object (one Durable Object per parent). */
export function progressOf(env: Env, userId: string) {
  return env.PROGRESS.get(env.PROGRESS.idFromName(userId));
}

/** Queues sources for extraction and counts them into the parent's current check. */
export async function queueSources(env: Env, userId: string, jobs: IngestJob[]): Promise<void> {
  if (!jobs.length) return;
  await progressOf(env, userId).queued(jobs.length);
  await env.INGEST.sendBatch(jobs.map((body) => ({ body })));
}
