/**
 * One extraction job: the stored source → readable document → extractor →
 * normaliser → merge into the parent's events → progress. Safe to run twice
 * (queue delivery is at least once) and to re-run for a rescan.
 */
import { eq } from "drizzle-orm";
import { database } from "../db/client";
import { familyDb } from "../family/data";
import { familyOfKey } from "../family/membership";
import { users } from "../db/schema";
import { extractEvents } from "../extract/pipeline";
import { chooseExtractor } from "./extractor";
import type { IngestJob } from "./jobs";
import { MAX_INGEST_ATTEMPTS } from "./limits";
import { dropStaleMentions, mergeEvents } from "./merge";
import { packWhatIsPast } from "../past-months";
import { progressOf } from "./queue-sources";
import { storedMail } from "./mail-store";
import { readKeptPdfs } from "./pdf-attachments";
import { loadSource, markSource } from "./sources";
import { tagSourceEvents } from "./tag-events";

export const FAILED_NOTE = "Cubby could not read events from this source. Use Rescan Message to try again.";

export async function runIngestJob(job: IngestJob, env: Env, attempt: number): Promise<void> {
  // The job's rows are its family's (job.userId is the family's key); the parent's zone is a directory row.
  const directory = database(env);
  const db = familyDb(env, await familyOfKey(directory, job.userId));
  const progress = progressOf(env, job.userId);
  // The mail as it arrived (R2): its PDFs to read and its HTML, which D1 no longer keeps.
  const stored = job.kind === "message" ? await storedMail(env.MAIL_STORE, job.messageId) : null;
  if (job.kind === "message") await readKeptPdfs(db, job.userId, job.messageId, stored);
  const source = await loadSource(db, job, stored);
  if (!source) {
    // Deleted meanwhile (Delete Data): nothing to do, but the check must still finish.
    await progress.done(0);
    return;
  }
  try {
    const user = await directory.query.users.findFirst({ where: eq(users.id, job.userId), columns: { timezone: true } });
    const timeZone = user?.timezone ?? "UTC";
    const found = await extractEvents(
      source.document,
      { now: source.reference, timeZone },
      chooseExtractor(env),
    );
    const merged = await mergeEvents(db, job.userId, source.ref, found, timeZone);
    if (job.rescan) await dropStaleMentions(db, job.userId, source.ref.id, merged.eventIds);
    await tagSourceEvents(db, env, job.userId, merged.eventIds);
    await markSource(db, job, "extracted", { eventsCount: merged.eventIds.length });
    await packWhatIsPast(db, job.userId);
    // Changed events count as well as new ones: an open feed refetches either way (ADR 022).
    await progress.done(merged.created, merged.eventIds.length);
  } catch (error) {
    if (attempt < MAX_INGEST_ATTEMPTS) throw error;
    // Out of retries: keep the source, say so, and let the parent rescan it.
    console.warn("Ingest gave up", job.kind, String(error));
    await markSource(db, job, "failed", { statusDetail: FAILED_NOTE });
    await progress.done(0);
  }
}
