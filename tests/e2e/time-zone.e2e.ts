/**
 * Issue 31 item 1 on a phone: a parent in Toronto forwards their first
 * mail during onboarding, before the feed has ever opened, and its 9:00 am
 * trip is at 9am in the drawer, not 4am (mail read in UTC).
 */
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { settled, waitForPath } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();
const ZONE = "America/Toronto";

describe.each(BEHAVIOUR_PHONES)("the parent's time zone on %s", (phone) => {
  it("reads a mail forwarded during onboarding in the phone's zone: 9:00 am is 9am in Toronto", async () => {
    const page = await open(phone, { timezoneId: ZONE });
    const email = uniqueEmail(`${phone}-zone`);
    await signIn(page, email);
    // A new parent lands on the first onboarding screen; the feed is never opened.
    await waitForPath(page, /^\/join\/child$/);
    await settled(page);
    const claim = await claimUsername(page, `zone${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;
    const trip = spokenDate(5);
    await deliverRaw(address, plainMail({ to: address, from: "office@maplegrove.example.edu", subject: "Field trip", text: `The Science Centre trip is on ${trip.spoken} at 9:00 a.m.` }), email);

    const profile = async () => ((await (await page.request.get("/api/user/profile")).json()) as { user: { timezone: string | null } }).user;
    expect((await profile()).timezone).toBe(ZONE);
    const localStart = async () => {
      const { events } = (await (await page.request.get("/api/events")).json()) as { events: { _id: string; start: string }[] };
      const event = events[0];
      return event ? { id: event._id, time: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(new Date(event.start)) } : null;
    };
    await expect.poll(async () => (await localStart())?.time, { timeout: 20_000 }).toBe("09:00");

    await page.goto(`/focus/event/${encodeURIComponent((await localStart())!.id)}`);
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("heading", { name: /Science Centre/ }).waitFor();
    expect(await drawer.getByText(/^\d{1,2}(:\d{2})?[ap]m/).first().textContent()).toMatch(/^9am/);
  });
});
