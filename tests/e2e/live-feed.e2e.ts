/**
 * The live feed (issue 15, ADR 022) on a phone: with /focus open, mail
 * the parent forwards shows up as a tile by itself, without a reload, also
 * after an earlier check has completed.
 */
import type { Page, WebSocket } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { settled } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();
const FROM = "office@maplegrove.example.edu";

/** The feed's socket to its progress object, once it has heard the first message. */
async function liveSocket(page: Page): Promise<WebSocket> {
  const socket = await page.waitForEvent("websocket", (ws) => ws.url().endsWith("/api/checkmessages"));
  await socket.waitForEvent("framereceived");
  return socket;
}

describe.each(BEHAVIOUR_PHONES)("the live feed on %s", (phone) => {
  it("shows mail forwarded while /focus is open as tiles, without a reload", async () => {
    const page = await open(phone);
    const email = uniqueEmail(`${phone}-live`);
    await signIn(page, email);
    const claim = await claimUsername(page, `live${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;

    const listening = liveSocket(page);
    await page.goto("/focus");
    await settled(page);
    await listening;
    // Marks this page load: a reload would forget it.
    await page.evaluate(() => Object.assign(globalThis, { cubbySameLoad: true }));

    const picnic = spokenDate(5);
    await deliverRaw(address, plainMail({ to: address, from: FROM, subject: "Picnic", text: `The Spring Picnic is on ${picnic.spoken} at 11:00 a.m.` }), email);
    await page.getByText(/Spring Picnic/i).first().waitFor({ timeout: 20_000 });

    // That check has completed; the next mail still arrives on its own.
    const concert = spokenDate(8);
    await deliverRaw(address, plainMail({ to: address, from: FROM, subject: "Concert", text: `The Band Concert is on ${concert.spoken} at 6:00 p.m.` }), email);
    await page.getByText(/Band Concert/i).first().waitFor({ timeout: 20_000 });

    expect(await page.evaluate(() => (globalThis as { cubbySameLoad?: boolean }).cubbySameLoad)).toBe(true);
  });
});

describe.each(BEHAVIOUR_PHONES)("the message check on the feed on %s", (phone) => {
  /** A signed-in parent's /focus, whose live socket the test plays the server of. */
  async function feedWithCheck(label: string, server: (socket: import("playwright-core").WebSocketRoute) => void) {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-${label}`));
    expect((await claimUsername(page, `${label}${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`)).status).toBe(200);
    await page.routeWebSocket(/\/api\/checkmessages$/, server);
    await page.goto("/focus");
    await settled(page);
    return page;
  }

  it("shows the event count and circular progress while mail is read (spec §2), and not once it is done", async () => {
    let report = (_message: object) => {};
    const page = await feedWithCheck("progress", (socket) => {
      report = (message) => socket.send(JSON.stringify(message));
      report({ currentProgress: 1, totalProgress: 4, eventsCount: 3, stored: 1 });
    });
    const ring = page.getByRole("banner").getByRole("progressbar", { name: "Checking messages" });
    await ring.waitFor();
    expect(await ring.getAttribute("aria-valuenow")).toBe("25");
    expect(await ring.textContent()).toBe("3");
    report({ currentProgress: 4, totalProgress: 4, eventsCount: 5, stored: 2 });
    await ring.waitFor({ state: "detached" });
    // The Latest Events sheet keeps the finished count.
    await page.getByRole("button", { name: "Latest events" }).click();
    const sheetRing = page.getByRole("dialog", { name: "Latest Events" }).getByRole("progressbar", { name: "Checking messages" });
    expect(await sheetRing.textContent()).toBe("5");
    expect(await sheetRing.getAttribute("data-state")).toBe("complete");
  });

  it("shows a check that cannot reach Cubby as failed, not as loading for ever (spec §4)", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-failed`));
    expect((await claimUsername(page, `failed${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`)).status).toBe(200);
    // No socket ever gets through, as behind a proxy that drops WebSockets: each one closes unopened.
    await page.addInitScript(() => {
      class Unreachable extends EventTarget {
        static readonly CONNECTING = 0;
        static readonly OPEN = 1;
        static readonly CLOSING = 2;
        static readonly CLOSED = 3;
        readyState = 0;
        constructor() {
          super();
          setTimeout(() => {
            this.readyState = 3;
            this.dispatchEvent(new Event("error"));
            this.dispatchEvent(new Event("close"));
          }, 20);
        }
        send() {}
        close() {}
      }
      Object.assign(globalThis, { WebSocket: Unreachable });
    });
    await page.goto("/focus");
    const ring = page.getByRole("banner").getByRole("progressbar", { name: "Checking messages" });
    await ring.waitFor();
    expect(await ring.getAttribute("data-state")).toBe("error");
    expect(await ring.getAttribute("aria-valuetext")).toBe("Could not check messages");
  });
});
