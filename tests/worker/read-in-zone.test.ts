/**
 * Issue 31 item 1: mail is never left read in UTC because the family's zone
 * was not known yet. What was read before POST /api/timezone first saves the
 * zone is read again in it: a 9:00 am trip is 9:00 in Toronto, not 4am.
 */
import { describe, expect, it } from "vitest";
import { send, signIn } from "./helpers";
import { eventsOf, messagesOf } from "./inbox";
import { deliver, rawMail } from "./mail";

const TRIP = {
  subject: "Science Centre trip",
  text: "Hello families,\n\nThe Science Centre trip is Friday, December 4, 2026 at 9:00 a.m. Buses leave from the front doors.\n\nMs. Rivera",
};

/** Waits until the family's events are `wanted`, or gives what they are after a while. */
async function eventsUntil(cookie: string, wanted: (starts: string[]) => boolean): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const starts = (await eventsOf(cookie)).map((event) => event.start);
    if (wanted(starts) || attempt > 80) return starts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("mail read before the family's zone is known", () => {
  it("is read again in the zone when the phone first tells it", async () => {
    const parent = await signIn();
    const username = `z${crypto.randomUUID().slice(0, 8)}`;
    expect((await send("POST", "/api/user/username", parent.cookie, { username })).status).toBe(200);
    const address = `${username}@in.cubby.localhost`;

    await deliver(address, rawMail({ to: address, ...TRIP }));
    // No zone yet: read as UTC's 9:00.
    expect(await eventsUntil(parent.cookie, (starts) => starts.length > 0)).toEqual(["2026-12-04T09:00:00.000Z"]);

    expect((await send("POST", "/api/timezone", parent.cookie, { timezone: "America/Toronto" })).status).toBe(200);
    // 9:00 in Toronto (EST, UTC−5) is 14:00 UTC; the one event moves, no second one appears.
    expect(await eventsUntil(parent.cookie, (starts) => starts[0] === "2026-12-04T14:00:00.000Z")).toEqual(["2026-12-04T14:00:00.000Z"]);
    const [message] = await messagesOf(parent.userId);
    expect(message?.status).toBe("extracted");
  });

  it("is not read again when a zone was already saved", async () => {
    const parent = await signIn();
    expect((await send("POST", "/api/timezone", parent.cookie, { timezone: "America/Toronto" })).status).toBe(200);
    const username = `z${crypto.randomUUID().slice(0, 8)}`;
    expect((await send("POST", "/api/user/username", parent.cookie, { username })).status).toBe(200);
    const address = `${username}@in.cubby.localhost`;
    await deliver(address, rawMail({ to: address, ...TRIP }));
    expect(await eventsUntil(parent.cookie, (starts) => starts.length > 0)).toEqual(["2026-12-04T14:00:00.000Z"]);

    const again = await send("POST", "/api/timezone", parent.cookie, { timezone: "Europe/Paris" });
    expect(await again.json()).toEqual({ ok: true, saved: false });
    const [message] = await messagesOf(parent.userId);
    expect(message?.status).toBe("extracted");
  });
});
