/** A unit of ingest work: one stored source to read for events. */
export type IngestJob =
  | { kind: "message"; userId: string; messageId: string }
  | { kind: "url"; userId: string; urlSourceId: string };

export type JobHandler = (job: IngestJob, env: Env) => Promise<void>;

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
 * delivery), one that cannot be understood is acknowledged and logged so it
 * never blocks the batch.
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
      await handle(message.body, env);
      message.ack();
    } catch (error) {
      console.warn("Ingest job failed; it will be retried", message.id, String(error));
      message.retry();
    }
  }
}
