import { DurableObject } from "cloudflare:workers";

/** spec §3 "Progress message". */
export interface Progress {
  currentProgress: number;
  totalProgress: number;
  eventsCount: number;
}

const encoder = new TextEncoder();

/**
 * One per parent (named by user id): how far the current message check has got.
 * Extraction jobs report into it; `/api/checkmessages` streams it as Server-Sent
 * Events and closes the stream once the check is complete, so the object can sleep.
 */
export class CheckProgress extends DurableObject<Env> {
  private listeners = new Set<WritableStreamDefaultWriter<Uint8Array>>();

  private async load(): Promise<Progress> {
    return (
      (await this.ctx.storage.get<Progress>("progress")) ?? {
        currentProgress: 0,
        totalProgress: 0,
        eventsCount: 0,
      }
    );
  }

  private async save(progress: Progress): Promise<Progress> {
    await this.ctx.storage.put("progress", progress);
    await this.publish(progress);
    return progress;
  }

  /** More sources were queued: they count towards the total. */
  async queued(sources: number): Promise<Progress> {
    const p = await this.load();
    // A finished check starts over, so the bar measures the new batch only.
    const fresh = p.currentProgress >= p.totalProgress;
    return this.save({
      currentProgress: fresh ? 0 : p.currentProgress,
      totalProgress: (fresh ? 0 : p.totalProgress) + sources,
      eventsCount: fresh ? 0 : p.eventsCount,
    });
  }

  /** One source finished, having added `events` new events. */
  async done(events: number): Promise<Progress> {
    const p = await this.load();
    return this.save({
      currentProgress: Math.min(p.currentProgress + 1, Math.max(p.totalProgress, 1)),
      totalProgress: Math.max(p.totalProgress, 1),
      eventsCount: p.eventsCount + events,
    });
  }

  async snapshot(): Promise<Progress> {
    return this.load();
  }

  override async fetch(): Promise<Response> {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const progress = await this.load();
    this.listeners.add(writer);
    this.send(writer, progress);
    return new Response(readable, {
      headers: {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
      },
    });
  }

  /**
   * Writes are queued, not awaited: an extraction job must never wait for a
   * slow (or vanished) browser to read its progress.
   */
  private async publish(progress: Progress) {
    for (const writer of this.listeners) this.send(writer, progress);
  }

  private send(writer: WritableStreamDefaultWriter<Uint8Array>, progress: Progress) {
    const forget = () => this.listeners.delete(writer);
    writer.write(encoder.encode(`data: ${JSON.stringify(progress)}\n\n`)).catch(forget);
    if (progress.currentProgress >= progress.totalProgress) {
      forget();
      writer.close().catch(() => {});
    }
  }
}
