import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forwardingAddresses, sessions } from "~/.server/db/schema";
import type { Progress } from "../../workers/progress";
import { NOT_DELIVERED } from "~/.server/ingest/inbound";
import { consumeIngest } from "../../workers/queue";
import { db, send, signIn } from "./helpers";
import worker from "./entry";

// Handlers are called directly: their controllers cannot cross a service binding.

/** A minimal ForwardableEmailMessage, recording what the handler did with it. */
function inboundMail(to: string, from = "teacher@school.example.org", raw = "Subject: Hi\r\n\r\nHello") {
  const rejected: string[] = [];
  const bytes = new TextEncoder().encode(raw);
  const message = {
    from,
    to,
    headers: new Headers({ Subject: "Hi" }),
    raw: new Response(bytes).body!,
    rawSize: bytes.length,
    setReject: (reason: string) => rejected.push(reason),
    forward: async () => ({}) as EmailSendResult,
    reply: async () => ({}) as EmailSendResult,
  } as unknown as ForwardableEmailMessage;
  return { message, rejected };
}

/** A POST to /api/timezone as the runtime hands it to fetch(). */
function timezonePost(headers: Record<string, string>, body: unknown) {
  return new Request("http://localhost/api/timezone", {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }) as Request<unknown, IncomingRequestCfProperties>;
}

describe("fetch()", () => {
  // Locally, workerd breaks the next request on a connection whose last
  // request body was left unread (cloudflare/workerd#1741): the e2e suite saw
  // it as a 500 right after a refused cross-origin POST.
  it("reads a refused write's body to the end", async () => {
    const { cookie } = await signIn();
    const request = timezonePost(
      { Cookie: cookie, Origin: "https://evil.example.com" },
      { timezone: "America/Toronto", padding: "x".repeat(100_000) },
    );
    const response = await worker.fetch(request, env, createExecutionContext());
    expect(response.status).toBe(403);
    expect(request.bodyUsed).toBe(true);
  });

  it("reads the body of a write refused as too large", async () => {
    const { cookie } = await signIn();
    const request = timezonePost(
      { Cookie: cookie, Origin: "http://localhost" },
      { timezone: "America/Toronto", padding: "x".repeat(100_000) },
    );
    const response = await worker.fetch(request, env, createExecutionContext());
    expect(response.status).toBe(413);
    expect(request.bodyUsed).toBe(true);
  });

  it("reads the body of a write refused for want of a session", async () => {
    const request = timezonePost({ Origin: "http://localhost" }, { timezone: "America/Toronto" });
    const response = await worker.fetch(request, env, createExecutionContext());
    expect(response.status).toBe(401);
    expect(request.bodyUsed).toBe(true);
  });
});

describe("email()", () => {
  it("rejects mail for an address nobody has", async () => {
    const { message, rejected } = inboundMail("nobody@in.cubby.localhost");
    await worker.email(message, env, createExecutionContext());
    expect(rejected).toEqual([NOT_DELIVERED]);
  });

  it("accepts mail the parent forwards to their address, in any case, and marks the address active", async () => {
    const { cookie, userId, email } = await signIn();
    const name = `inbox${crypto.randomUUID().slice(0, 6)}`;
    await send("POST", "/api/user/username", cookie, { username: name });
    const { message, rejected } = inboundMail(`${name.toUpperCase()}@IN.CUBBY.LOCALHOST`, email.toUpperCase());
    await worker.email(message, env, createExecutionContext());
    expect(rejected).toEqual([]);
    const row = await db().query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, userId) });
    expect(row!.active).toBe(true);
  });
});

describe("queue()", () => {
  it("runs well-formed ingest jobs and acknowledges them", async () => {
    // A job for a source that no longer exists (deleted meanwhile) completes quietly.
    const job = { kind: "message", userId: "u1", messageId: `m-${crypto.randomUUID()}` } as const;
    const batch = createMessageBatch("cubby-ingest", [
      { id: "a", timestamp: new Date(), attempts: 1, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["a"]);
  });

  it("acknowledges (and does not retry forever) a message it cannot understand", async () => {
    const batch = createMessageBatch("cubby-ingest", [
      { id: "bad", timestamp: new Date(), attempts: 1, body: { hello: "world" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["bad"]);
    expect(result.retryMessages).toEqual([]);
  });
});

describe("queue() retries", () => {
  it("holds a failed job back before the next attempt, longer each time", async () => {
    const job = { kind: "message", userId: "u1", messageId: "m1" } as const;
    // getQueueResult does not record retry options: a batch that does.
    const retried: [string, QueueRetryOptions | undefined][] = [];
    const message = (id: string, attempts: number) =>
      ({ id, attempts, body: job, timestamp: new Date(), ack() {}, retry: (options?: QueueRetryOptions) => retried.push([id, options]) }) as unknown as Message<unknown>;
    const batch = { queue: "cubby-ingest", messages: [message("first", 1), message("third", 3)] } as unknown as MessageBatch<unknown>;
    await consumeIngest(batch, env, async () => {
      throw new Error("D1 is having a moment");
    });
    expect(retried).toEqual([
      ["first", { delaySeconds: 30 }],
      ["third", { delaySeconds: 120 }],
    ]);
  });
});

describe("scheduled()", () => {
  it("purges expired sessions and keeps live ones", async () => {
    const live = await signIn();
    const stale = await signIn();
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.userId, stale.userId));
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, createExecutionContext());
    expect(await db().select().from(sessions).where(eq(sessions.userId, stale.userId))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, live.userId))).toHaveLength(1);
  });
});

describe("CheckProgress Durable Object", () => {
  function readEvents(body: ReadableStream<Uint8Array>) {
    return new Response(body).text().then((text) =>
      text
        .split("\n\n")
        .filter((chunk) => chunk.startsWith("data: "))
        .map((chunk) => JSON.parse(chunk.slice(6)) as Progress),
    );
  }

  it("counts sources and events, and streams until the check is complete", async () => {
    const progress = env.PROGRESS.get(env.PROGRESS.idFromName(`user-${crypto.randomUUID()}`));
    await progress.queued(2);
    const response = await progress.fetch("http://progress/stream");
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    const events = readEvents(response.body!);
    await progress.done(3);
    await progress.done(1);
    // The stream closes by itself once current reaches total, so this resolves.
    expect(await events).toEqual([
      { currentProgress: 0, totalProgress: 2, eventsCount: 0 },
      { currentProgress: 1, totalProgress: 2, eventsCount: 3 },
      { currentProgress: 2, totalProgress: 2, eventsCount: 4 },
    ]);
  });

  it("starts a new check from zero once the last one completed", async () => {
    const progress = env.PROGRESS.get(env.PROGRESS.idFromName(`user-${crypto.randomUUID()}`));
    await progress.queued(1);
    await progress.done(5);
    expect(await progress.queued(3)).toEqual({ currentProgress: 0, totalProgress: 3, eventsCount: 0 });
  });
});
