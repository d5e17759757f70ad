/**
 * WCAG 2.2 AA on every other screen (issue 18, docs/accessibility.md): axe-core
 * with the WCAG A/AA rules and its best practices on the landing and sign-in,
 * every onboarding step, the child screens, the forwarding and filter guides,
 * the tutorial, the empty feed, the profile's dialogs and the desktop gate, in
 * light and dark mode on both phones. The feed with events, its drawer and the
 * message card are in accessibility.e2e.ts. One parent per phone walks the
 * screens, and each screen is audited in both colour schemes on one load.
 *
 * Each phone's walk is a file of its own (accessibility-screens-*.e2e.ts): the
 * walks are the longest of the layer, and two files can run side by side.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditBothSchemes, awake, blocking, offTokenPlaceholders, report, type Finding } from "./axe";
import type { useBrowser } from "./browser";
import type { Phone } from "./chromium.mjs";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { answerMessage } from "./message-card";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

/** A walk through many screens, each audited twice, takes longer than one flow's minute on a busy machine. */
const WALK = { timeout: 150_000 };
export const PASSED = { blocking: [], placeholders: [] };
const STRANGER = "coach@riverside-swim.example.org";
const MESSAGE_ID = "a11y-screens-message";

/**
 * Audits screens in turn (each in light and dark) and keeps the findings,
 * written down at once with A11Y_REPORT so a failing walk still counts them;
 * `placeholders` are fields whose placeholder is not in the faint ink.
 */
export function auditor(page: Page, run: string) {
  const findings: Finding[] = [];
  const screens: string[] = [];
  const placeholders: string[] = [];
  async function check(screen: string, ready: Locator = page.locator("h1").first()) {
    await ready.waitFor();
    await awake(page);
    const found = await auditBothSchemes(page, screen);
    await report(found, run);
    findings.push(...found);
    placeholders.push(...(await offTokenPlaceholders(page)).map((field) => `${screen}: ${field}`));
    screens.push(screen);
  }
  /** Loads `path` and audits it once its <h1> (or `ready`) is there. */
  async function visit(path: string, ready?: Locator) {
    await page.goto(path);
    await check(path, ready);
  }
  /** What fails the walk: serious or critical violations, placeholders off the token. */
  function verdict() {
    // The count of screens audited, for docs/accessibility.md.
    console.info(`[a11y] ${run}: ${screens.length} screens × light and dark`);
    return { blocking: blocking(findings), placeholders };
  }
  return { check, visit, verdict };
}

/** A JSON POST from the page itself (same origin, the parent's cookie), as the app makes it. */
function postFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async (request) => {
      const response = await fetch(request.path, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request.body),
      });
      return (await response.json()) as { child?: { _id: string } };
    },
    { path, body },
  );
}

/** Registers `phone`'s walk through every screen, in the browser of the calling file's `useBrowser()`. */
export function auditEveryScreen(phone: Phone, open: ReturnType<typeof useBrowser>) {
  describe(`accessibility of every screen on ${phone}`, () => {
    // One parent per phone: each test signs in as them again (one request).
    const email = uniqueEmail(`${phone}-a11y-screens`);
    const username = `a11ys${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;

    it("has no serious violation before signing in: landing, sign-in, Google declined, install, not found", async () => {
      const page = await open(phone);
      const { visit, verdict } = auditor(page, `${phone} signed out`);
      await visit("/", page.getByRole("link", { name: "Continue with Google" }));
      await visit("/join", page.getByRole("link", { name: "Continue with Google" }));
      await visit("/google/declined?access=gmail");
      await visit("/install");
      await visit("/no-such-screen");
      expect(verdict()).toEqual(PASSED);
    });

    it("has no serious violation on the onboarding steps and the child screens", WALK, async () => {
      const page = await open(phone);
      const { check, visit, verdict } = auditor(page, `${phone} onboarding`);
      await signIn(page, email);
      await visit("/join/child");
      const { child } = await postFromPage(page, "/api/child", { firstName: "Maya", grade: "kindergarten", avatarId: "dolphin" });
      const childId = child!._id;
      await visit(`/join/child/school/${childId}`);
      await visit(`/join/child/details/${childId}`);
      await visit(`/edit/child/${childId}`);
      await visit("/add/child");

      await visit("/join/email");
      await page.getByRole("button", { name: "Why is email access required?" }).click();
      await check("/join/email help", page.getByRole("dialog", { name: "Email Access is Required" }));
      await visit("/join/username");
      await claimUsername(page, username);
      await visit("/join/watchlist");
      await visit("/join/calendar");
      await visit("/add/calendar");
      await visit("/join/success");
      await visit("/notifications");
      expect(verdict()).toEqual(PASSED);
    });

    it("has no serious violation on the forwarding and filter guides", WALK, async () => {
      const page = await open(phone);
      const { visit, verdict } = auditor(page, `${phone} forwarding`);
      await signIn(page, email);
      await claimUsername(page, username);
      await visit("/forward/address");
      await visit("/forward/filter");
      for (const step of ["settings", "addresses", "confirmation", "inbox", "allow", "success"]) await visit(`/forward/${step}`);
      for (const step of ["settings", "create", "address", "success"]) await visit(`/filter/${step}`);
      expect(verdict()).toEqual(PASSED);
    });

    it("has no serious violation on the tutorial, the empty feed, the profile's dialogs and the message page", WALK, async () => {
      const page = await open(phone);
      const { check, visit, verdict } = auditor(page, `${phone} feed and profile`);
      await signIn(page, email);
      await claimUsername(page, username);
      const { user } = (await (await page.request.get("/api/user/profile")).json()) as { user: { forwardingAddress: { address: string } } };
      const address = user.forwardingAddress.address;

      await visit("/tutorial", page.getByText("Tap event for details"));
      await page.getByRole("button", { name: /Welcome to Cubby/ }).click();
      const drawer = page.getByRole("dialog", { name: "Welcome to Cubby" });
      await check("/tutorial drawer", drawer);
      await drawer.getByRole("button", { name: /Cubby/ }).last().click();
      const message = page.getByRole("dialog", { name: "Welcome to Cubby message" });
      await check("/tutorial message", message.getByText("1 event in this message"));
      await message.getByRole("button", { name: "Close" }).first().click();
      await check("/tutorial done", page.getByRole("dialog", { name: "You Got It!" }));

      await visit("/focus", page.locator("main"));
      await page.context().setOffline(true);
      await check("/focus offline", page.getByText(/^Offline/));
      await page.context().setOffline(false);

      await answerMessage(page, MESSAGE_ID, {
        html: "<h2>This week in Room 12</h2><p>Projects are due on Friday.</p>",
        events: [],
      });
      await visit(`/focus/message/${MESSAGE_ID}`, page.getByRole("dialog", { name: "This week in Room 12" }).locator("iframe"));

      // Mail from someone the parent does not follow waits on the profile (ADR 016).
      const meet = spokenDate(9);
      await deliverRaw(address, plainMail({ to: address, from: STRANGER, subject: "Swim meet", text: `The Riverside Swim Meet is on ${meet.spoken} at 8:00 a.m.` }), STRANGER);
      await visit("/profile", page.getByRole("list", { name: "From someone new" }).getByText("Swim meet"));
      await page.getByRole("button", { name: "Add a School or Club Calendar" }).click();
      await check("/profile add a calendar", page.getByRole("textbox", { name: "Calendar link" }));
      for (const name of ["Delete Data", "Delete Account", "Log Out Everywhere"]) {
        await page.getByRole("button", { name }).click();
        const prompt = page.getByRole("dialog", { name });
        await check(`/profile ${name}`, prompt);
        await prompt.getByRole("button", { name: "Cancel" }).click();
        await prompt.waitFor({ state: "detached" });
      }
      expect(verdict()).toEqual(PASSED);
    });
  });
}
