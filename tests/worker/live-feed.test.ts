/**
 * The live feed (ADR 022): while /focus is open it listens on a hibernatable
 * WebSocket to the parent's progress object, which says so each time a job
 * stores new or changed events, and stays open after a check completes.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LiveMessage } from "../../workers/progress";
import { call } from "./helpers";
import { parentWithInbox } from "./inbox";
import { deliver, rawMail } from "./mail";

const ORIGIN = "http://localhost:5173";

function listen(cookie: string, origin = ORIGIN) {
  return call("/api/checkmessages", { cookie, headers: { Upgrade: "websocket", Origin: origin } });
}

/** Collects a socket's messages; `until` waits for one that matches. */
function collect(socket: WebSocket) {
  const heard: LiveMessage[] = [];
  const waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string) as LiveMessage;
    heard.push(message);
    const answered = waiters.filter((waiter) => waiter.match(message));
    for (const waiter of answered) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  socket.accept();
  return {
    heard,
    until(match: (m: LiveMessage) => boolean): Promise<LiveMessage> {
      const already = heard.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

const picture = (day: number) => ({
  subject: `Picture Day ${day}`,
  text: `Hello families,\n\nPicture Day is Friday, December ${day}, 2026 at 9:00 a.m. in the gym.\n\nMs. Rivera`,
});

describe("the live feed's WebSocket on /api/checkmessages", () => {
  it("tells the open feed each time a job stores events, and stays open after the check completes", async () => {
    const parent = await parentWithInbox();
    const response = await listen(parent.cookie);
    expect(response.status).toBe(101);
    const socket = collect(response.webSocket!);
    expect(await socket.until(() => true)).toEqual({ currentProgress: 0, totalProgress: 0, eventsCount: 0, stored: 0 });

    await deliver(parent.address, rawMail({ to: parent.address, ...picture(4) }));
    const first = await socket.until((m) => m.stored === 1);
    expect(first).toMatchObject({ currentProgress: 1, totalProgress: 1, eventsCount: 1 });

    // The check completed, yet the next mail is heard on the same socket.
    await deliver(parent.address, rawMail({ to: parent.address, ...picture(11) }));
    expect(await socket.until((m) => m.stored === 2)).toMatchObject({ currentProgress: 1, totalProgress: 1, eventsCount: 1 });
    response.webSocket!.close();
  });

  it("counts a job that only changed events (a rescan) as stored too", async () => {
    const progress = env.PROGRESS.get(env.PROGRESS.idFromName(`user-${crypto.randomUUID()}`));
    await progress.queued(1);
    expect(await progress.done(0, 2)).toEqual({ currentProgress: 1, totalProgress: 1, eventsCount: 0 });
    await progress.queued(1);
    await progress.done(0, 0);
    const response = await progress.fetch("http://progress/live", { headers: { Upgrade: "websocket" } });
    const socket = collect(response.webSocket!);
    expect(await socket.until(() => true)).toMatchObject({ stored: 1 });
    response.webSocket!.close();
  });

  it("is refused to another site's page, which could otherwise read the parent's progress", async () => {
    const parent = await parentWithInbox();
    const response = await listen(parent.cookie, "https://elsewhere.example");
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
  });

  it("needs a session", async () => {
    const response = await call("/api/checkmessages", { headers: { Upgrade: "websocket", Origin: ORIGIN } });
    expect(response.status).toBe(401);
  });
});
