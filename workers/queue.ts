import type { IngestJob } from "~/.server/ingest/jobs";
import { ingestRetryDelaySeconds } from "~/.server/ingest/limits";

/** Does one job; `attempt` counts deliveries (1 on the first). */
export type JobHandler = (job: IngestJob, env: Env, attempt: number) => Promise<void>;

function isIngestJob(body: unknown): body is IngestJob {
  const job = body as IngestJob | null;
  return (
    typeof job === "object" &&
    job !== null &&
    typeof job.userId === "string" &&
    (job.kind === "message" || job.kind === "url")
  );
}

/**
 * Runs each job; a job that throws is retried by the queue (at least once
 * delivery) after a delay that grows with each attempt, so an outage of D1 or
 * the extractor is waited out rather than hammered; one that cannot be
 * understood is acknowledged and logged so it never blocks the batch.
 */
export async function consumeIngest(
  batch: MessageBatch<unknown>,
  env: Env,
  handle: JobHandler,
): Promise<void> {
  for (const message of batch.messages) {
    if (!isIngestJob(message.body)) {
      console.warn("Dropping an ingest message of unknown shape", message.id);
      message.ack();
      continue;
    }
    try {
      await handle(message.body, env, message.attempts);
      message.ack();
    } catch (error) {
      console.warn("Ingest job failed; it will be retried", message.id, String(error));
      message.retry({ delaySeconds: ingestRetryDelaySeconds(message.attempts) });
    }
  }
}
