/** A parent with a Cubby address, and reading what their mail became. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { messages } from "~/.server/db/schema";
import type { EventView } from "~/.server/events";
import { call, db, send, signIn } from "./helpers";

/** A signed-in parent with a forwarding address and a time zone. */
export async function parentWithInbox(email?: string) {
  const parent = await signIn(email);
  const username = `p${crypto.randomUUID().slice(0, 8)}`;
  await send("POST", "/api/timezone", parent.cookie, { timezone: "America/Toronto" });
  await send("POST", "/api/user/username", parent.cookie, { username });
  return { ...parent, address: `${username}@in.cubby.localhost` };
}

export async function eventsOf(cookie: string): Promise<EventView[]> {
  const response = await call("/api/events", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: EventView[] }).events;
}

/** Waits for the real queue to deliver and the job to finish. */
export async function waitForEvents(cookie: string, atLeast = 1, timeoutMs = 8000): Promise<EventView[]> {
  const started = Date.now();
  for (;;) {
    const found = await eventsOf(cookie);
    if (found.length >= atLeast || Date.now() - started > timeoutMs) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function messagesOf(userId: string) {
  return db().select().from(messages).where(eq(messages.userId, userId));
}

