import { DurableObject } from "cloudflare:workers";
import { LIVE_PING, LIVE_PONG } from "~/lib/feed/live";

/** spec §3 "Progress message". */
export interface Progress {
  currentProgress: number;
  totalProgress: number;
  eventsCount: number;
}

/**
 * What the open feed hears on its WebSocket (ADR 022): the progress message
 * plus `stored`, a count that goes up each time a job stores new or changed
 * events. The feed refetches its events when it goes up.
 */
export interface LiveMessage extends Progress {
  stored: number;
}

const encoder = new TextEncoder();

/**
 * One per parent (named by user id): how far the current message check has got,
 * and who is listening. Extraction jobs report into it. Two kinds of listener:
 * - `/api/checkmessages` as Server-Sent Events (spec §4): closed once the check
 *   is complete, since an open stream keeps the object awake and billed;
 * - the open feed's WebSocket, accepted through the hibernation API: it stays
 *   connected while the object sleeps, and costs nothing until a job reports.
 */
export class CheckProgress extends DurableObject<Env> {
  private listeners = new Set<WritableStreamDefaultWriter<Uint8Array>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  private async load(): Promise<Progress> {
    return (
      (await this.ctx.storage.get<Progress>("progress")) ?? {
        currentProgress: 0,
        totalProgress: 0,
        eventsCount: 0,
      }
    );
  }

  private async storedCount(): Promise<number> {
    return (await this.ctx.storage.get<number>("stored")) ?? 0;
  }

  private async save(progress: Progress, storedEvents = false): Promise<Progress> {
    let stored = await this.storedCount();
    if (storedEvents) stored += 1;
    await this.ctx.storage.put(storedEvents ? { progress, stored } : { progress });
    this.publish(progress, stored);
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

  /**
   * One source finished, having added `events` new events and stored
   * `touched` events in all (new or changed; a rescan may change only).
   */
  async done(events: number, touched = events): Promise<Progress> {
    const p = await this.load();
    return this.save(
      {
        currentProgress: Math.min(p.currentProgress + 1, Math.max(p.totalProgress, 1)),
        totalProgress: Math.max(p.totalProgress, 1),
        eventsCount: p.eventsCount + events,
      },
      events + touched > 0,
    );
  }

  /** Events were stored outside a check (a school calendar read again): open feeds refetch. */
  async stored(): Promise<void> {
    await this.save(await this.load(), true);
  }

  async snapshot(): Promise<Progress> {
    return this.load();
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") return this.listen();
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const progress = await this.load();
    this.listeners.add(writer);
    this.sendProgress(writer, progress);
    return new Response(readable, {
      headers: {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
      },
    });
  }

  /** The open feed: a hibernatable socket that hears every change from now on. */
  private async listen(): Promise<Response> {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.send(JSON.stringify({ ...(await this.load()), stored: await this.storedCount() } satisfies LiveMessage));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The feed sends nothing but pings, which the runtime answers; anything else is ignored. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 carry no code a close frame may repeat.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, "Bye");
  }

  /**
   * Writes are queued, not awaited: an extraction job must never wait for a
   * slow (or vanished) browser to read its progress.
   */
  private publish(progress: Progress, stored: number) {
    for (const writer of this.listeners) this.sendProgress(writer, progress);
    const live = JSON.stringify({ ...progress, stored } satisfies LiveMessage);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(live);
      } catch {
        // Closing already: webSocketClose tidies up.
      }
    }
  }

  private sendProgress(writer: WritableStreamDefaultWriter<Uint8Array>, progress: Progress) {
    const forget = () => this.listeners.delete(writer);
    writer.write(encoder.encode(`data: ${JSON.stringify(progress)}\n\n`)).catch(forget);
    if (progress.currentProgress >= progress.totalProgress) {
      forget();
      writer.close().catch(() => {});
    }
  }
}
