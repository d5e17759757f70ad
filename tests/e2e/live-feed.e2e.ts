/**
 * The live feed (issue 15, ADR 022) on both phones: with /focus open, mail
 * the parent forwards shows up as a tile by itself, without a reload, also
 * after an earlier check has completed.
 */
import type { Page, WebSocket } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
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

describe.each(PHONES)("the live feed on %s", (phone) => {
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
