/**
 * The server every e2e test talks to (`vite preview`, scripts/vite/preview-keep-alive.mjs):
 * a connection left idle between two of a test's requests is still open for the second.
 * Playwright's request context reuses its idle sockets without a timeout of its own, so a
 * server that closes them first races the test's next request (`socket hang up`).
 */
import { Agent, get } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { baseURL } from "./browser";

/** Node's HTTP server closes a quiet keep-alive connection after 5 s, plus its 1 s buffer. */
const PAST_NODE_KEEP_ALIVE_MS = 7_000;

function request(agent: Agent): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const outgoing = get(`${baseURL()}/api/events`, { agent }, (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode ?? 0, reusedSocket: outgoing.reusedSocket }));
    });
    outgoing.once("error", reject);
  });
}

describe("the preview server the tests use", () => {
  it("keeps an idle connection open until the client closes it", async () => {
    // Like Playwright's: keep-alive, no timeout of its own.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await request(agent)).toEqual({ status: 401, reusedSocket: false });
      await delay(PAST_NODE_KEEP_ALIVE_MS);
      expect(await request(agent)).toEqual({ status: 401, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});
