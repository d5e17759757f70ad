/**
 * ADR 016 on a phone: mail sent to the parent's Cubby address by someone
 * they do not follow waits under "From someone new" on the profile; accepting
 * it (and following the sender) brings its event into the feed.
 */
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { settled, shot } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();
const CLUB = "coach@riverside-swim.example.org";

describe.each(BEHAVIOUR_PHONES)("mail from someone new on %s", (phone) => {
  it("waits on the profile until the parent accepts it, then its event is in the feed", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-held`));
    const claim = await claimUsername(page, `held${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;

    const meet = spokenDate(9);
    await deliverRaw(
      address,
      plainMail({ to: address, from: CLUB, subject: "Swim meet", text: `The Riverside Swim Meet is on ${meet.spoken} at 8:00 a.m.` }),
      CLUB,
    );
    await page.goto("/profile");
    await settled(page);
    const waiting = page.getByRole("list", { name: "From someone new" });
    await waiting.getByText("Swim meet").waitFor();
    await waiting.getByText(CLUB).waitFor();
    await shot(page, phone, "profile-from-someone-new");
    // Nothing of it is in the feed yet.
    const before = (await (await page.request.get("/api/events")).json()) as { events: unknown[] };
    expect(before.events).toEqual([]);

    await waiting.getByRole("button", { name: "Accept & Follow" }).click();
    await page.getByText("Sender followed").waitFor();
    await expect.poll(async () => (await waiting.count()) === 0 || (await waiting.getByText("Swim meet").count()) === 0).toBe(true);

    await page.goto("/focus");
    await page.getByText(/Riverside Swim Meet/i).first().waitFor({ timeout: 20_000 });
    const followed = (await (await page.request.get("/api/watchlist")).json()) as { watchlist: string[] };
    expect(followed.watchlist).toContain(CLUB);
  });

  it("asks whether a forward from the parent's other mailbox is theirs; yes confirms their forwarding (issue 31)", async () => {
    const page = await open(phone);
    const email = uniqueEmail(`${phone}-own`);
    await signIn(page, email);
    const claim = await claimUsername(page, `own${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;
    const work = `${email.split("@")[0]}@northwind-logistics.example.com`;
    const meet = spokenDate(9);
    // Forwarded by hand from the parent's work account: From and envelope are that mailbox.
    await deliverRaw(address, plainMail({ to: address, from: work, subject: "Fwd: Swim meet", text: `The Riverside Swim Meet is on ${meet.spoken} at 8:00 a.m.` }), work);

    await page.goto("/profile");
    await settled(page);
    const waiting = page.getByRole("list", { name: "From someone new" });
    await waiting.getByRole("button", { name: "Accept", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Is this your address?" });
    await question.getByText(`${work} forwarded this message.`, { exact: false }).waitFor();
    await shot(page, phone, "profile-own-address");
    await question.getByRole("button", { name: "Yes, it's mine" }).click();
    await page.getByText(`Mail you forward from ${work} now goes straight into Cubby.`).waitFor();
    const profile = (await (await page.request.get("/api/user/profile")).json()) as { user: { forwardingAddress: { active: boolean } } };
    expect(profile.user.forwardingAddress.active).toBe(true);

    // The next forward from it is read at once, not held.
    await deliverRaw(address, plainMail({ to: address, from: work, subject: "Fwd: Picture day", text: `Picture Day is on ${spokenDate(12).spoken}.` }), work);
    await expect.poll(async () => ((await (await page.request.get("/api/messages/held")).json()) as { messages: unknown[] }).messages.length).toBe(0);
    await page.goto("/focus");
    await page.getByText(/Picture Day/i).first().waitFor({ timeout: 20_000 });
  });
});
