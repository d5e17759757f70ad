/**
 * One family, two parents (ADR 026) on both phones: A invites B from the
 * Parenting Partner row, B accepts on their profile and sees A's kids and
 * events; mail to B's own Cubby address reaches A's feed; A's hide is B's
 * too; once A removes B, B's next request sees nothing of the family.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditBothSchemes, awake, blocking, report, type Finding } from "./axe";
import { useBrowser } from "./browser";
import { PHONES, type Profile } from "./chromium.mjs";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { settled, shot } from "./onboarding-steps";
import { becomePremium, claimUsername, sendJson, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();
const SCHOOL = "office@maplegrove.example.edu";

interface Parent {
  page: Page;
  email: string;
  address: string;
}

async function parent(phone: Profile, label: string): Promise<Parent> {
  const page = await open(phone);
  const email = uniqueEmail(`${phone}-${label}`);
  await signIn(page, email);
  const claim = await claimUsername(page, `${label}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  expect(claim.status).toBe(200);
  return { page, email, address: claim.body.forwardingAddress!.address };
}

async function events(page: Page): Promise<{ id: string; eventName: string; dislike: boolean }[]> {
  const answer = await page.request.get("/api/events");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { events: { id: string; eventName: string; dislike: boolean }[] }).events;
}

async function forward(to: Parent, subject: string, text: string) {
  await deliverRaw(to.address, plainMail({ to: to.address, from: SCHOOL, subject, text }), to.email);
}

describe.each(PHONES)("a family of two on %s", (phone) => {
  /** The family's profile states join the accessibility layer (docs/accessibility.md): none may block. */
  const findings: Finding[] = [];
  async function audited(page: Page, screen: string) {
    findings.push(...(await auditBothSchemes(page, `${screen} on ${phone}`)));
  }

  // Two parents, two mails through the real queue, and the profile four times: longer than most.
  it("shares the feed from invitation to removal", { timeout: 150_000 }, async () => {
    const a = await parent(phone, "famA");
    await becomePremium(a.page);
    const child = `Maya${crypto.randomUUID().slice(0, 4)}`;
    expect(await sendJson(a.page, "POST", "/api/child", { firstName: child, grade: "grade 2", avatarId: "dolphin" })).toBeLessThan(300);
    const pictureDay = spokenDate(6);
    await forward(a, "Picture Day", `Picture Day is on ${pictureDay.spoken} at 9:00 a.m. in the gym.`);
    await expect.poll(async () => (await events(a.page)).map((e) => e.eventName), { timeout: 20_000 }).toContain("Picture Day");

    const b = await parent(phone, "famB");

    // A invites B from the Parenting Partner row.
    await a.page.goto("/profile");
    await settled(a.page);
    await a.page.getByLabel("Parenting Partner email").fill(b.email);
    await a.page.getByRole("button", { name: "Save" }).click();
    await a.page.getByText("Partner address saved").waitFor();
    const family = a.page.getByRole("list", { name: "Your family" });
    await family.getByText("Invitation sent").waitFor();
    await shot(a.page, phone, "family-invitation-sent");
    await audited(a.page, "profile: invitation sent");

    // B accepts on their profile and sees A's kids and events.
    await b.page.goto("/profile");
    await settled(b.page);
    await b.page.getByText(`${a.email} invited you to share their family`, { exact: false }).waitFor();
    await shot(b.page, phone, "family-invitation-received");
    await audited(b.page, "profile: invitation received");
    await b.page.getByRole("button", { name: "Join", exact: true }).click();
    await b.page.getByText("You joined the family").waitFor();
    await b.page.getByRole("list", { name: "Your family" }).getByText(a.email).waitFor();
    await b.page.getByText(child).first().waitFor();
    await shot(b.page, phone, "family-joined");
    await audited(b.page, "profile: in a family");
    await b.page.goto("/focus");
    await b.page.getByText("Picture Day").first().waitFor({ timeout: 20_000 });

    // Mail to B's own Cubby address reaches A's feed.
    const bookFair = spokenDate(8);
    await forward(b, "Book Fair", `The Book Fair is on ${bookFair.spoken} at 3:00 p.m. in the library.`);
    await expect.poll(async () => (await events(a.page)).map((e) => e.eventName), { timeout: 20_000 }).toContain("Book Fair");
    await a.page.goto("/focus");
    await a.page.getByText("Book Fair").first().waitFor({ timeout: 20_000 });

    // A hides Picture Day; B no longer sees it.
    const picture = (await events(a.page)).find((e) => e.eventName === "Picture Day")!;
    expect(await sendJson(a.page, "POST", `/api/events/${picture.id}/dislike`, { toggle: true })).toBe(200);
    expect((await events(b.page)).find((e) => e.id === picture.id)?.dislike).toBe(true);
    await b.page.reload();
    await b.page.getByText("Book Fair").first().waitFor({ timeout: 20_000 });
    expect(await b.page.getByText("Picture Day").count()).toBe(0);

    // A removes B: B's very next request sees nothing of the family. The family list's code
    // comes late, from the network (the service worker's copy is passed by): its buttons wait
    // for it rather than swallow the tap (a CI run's tap was lost so).
    const cdp = await a.page.context().newCDPSession(a.page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setBypassServiceWorker", { bypass: true });
    await a.page.route("**/assets/FamilySharing-*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await a.page.goto("/profile");
    await awake(a.page);
    const members = a.page.getByRole("list", { name: "Your family" });
    await members.getByText(b.email).waitFor();
    await members.getByRole("button", { name: "Remove" }).click();
    await a.page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await a.page.getByText("Removed from your family").waitFor();
    expect(await events(b.page)).toEqual([]);
    await b.page.goto("/profile");
    await settled(b.page);
    expect(await b.page.getByText(child).count()).toBe(0);
    expect((await events(a.page)).map((e) => e.eventName).toSorted()).toEqual(["Book Fair", "Picture Day"]);

    await report(findings, "family");
    expect(blocking(findings)).toEqual([]);
  });
});
