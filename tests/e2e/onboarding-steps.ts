/**
 * Steps a new parent takes through onboarding, shared by the onboarding e2e
 * tests. Each waits for the screen it ends on, so a test reads as the path.
 */
import type { Page } from "playwright-core";
import { deliverRaw } from "./feed-mail";

export const path = (page: Page) => new URL(page.url()).pathname;

export async function waitForPath(page: Page, pattern: RegExp) {
  await page.waitForURL((url) => pattern.test(url.pathname));
}

/**
 * After a full page load (sign-in, a Google grant), wait until the screen is
 * hydrated and its profile has loaded: typing into server-rendered inputs
 * before that is lost.
 */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

/** A validation hint with exactly this text is on screen. */
export async function seeText(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The child form: avatar, first name and grade, then Continue (to the school screen). */
export async function fillChild(page: Page, child: { firstName: string; grade: string; avatar?: string }) {
  await page.getByRole("heading", { name: /Child$/ }).waitFor();
  await settled(page);
  const continueButton = page.getByRole("button", { name: "Continue" });
  // Typing that lands before hydration is lost; type again until the form has it.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (child.avatar) await page.getByRole("radio", { name: child.avatar, exact: false }).check({ force: true });
    await page.getByLabel("First name").fill(child.firstName);
    await page.getByLabel("Grade").selectOption(child.grade);
    if (await continueButton.isEnabled()) break;
    await page.waitForTimeout(300);
  }
  await continueButton.click();
}

/** Pick a school: search, choose the first result, Continue (which checks the school calendars). */
export async function pickSchool(page: Page, search: string) {
  await page.getByRole("heading", { name: "Pick a school" }).waitFor();
  await page.getByRole("searchbox", { name: "School name" }).fill(search);
  await page.getByRole("list", { name: "Schools" }).getByRole("button").first().click();
  await page.getByRole("button", { name: `Remove ${await selectedSchool(page)}` }).waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function selectedSchool(page: Page): Promise<string> {
  const pressed = page.locator("[aria-pressed=true]").first();
  await pressed.waitFor();
  return (await pressed.locator("span").first().textContent()) ?? "";
}

export async function addTeacher(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Teacher or coach name" }).fill(name);
  await page.getByRole("button", { name: "Add" }).click();
}

/** A school's ordinary mail. */
export const SCHOOL_MAIL = {
  from: "office@maplegrove.example.edu",
  name: "Maple Grove Office",
  subject: "Picture Day next Friday",
  body: "Hello families, Picture Day is on Friday December 11 at 9am in the gym.",
};

/** What Gmail sends to a new forwarding address, with the verdicts Email Routing adds on receiving it. */
export const GMAIL_CONFIRMATION = {
  from: "forwarding-noreply@google.com",
  received: "Authentication-Results: mx.cloudflare.net; dkim=pass header.d=google.com; spf=pass smtp.mailfrom=google.com; dmarc=pass header.from=google.com",
  name: "Gmail Team",
  subject: "(#123456789) Gmail Forwarding Confirmation - Receive Mail from parent@gmail.com",
  body: "parent@gmail.com has requested to automatically forward mail to your email address.\nConfirmation code: 123456789\nTo allow forwarding, click the link below:\nhttps://mail-settings.google.com/mail/vf-%5BANGjdJ8%5D-abc",
};

/**
 * Delivers a raw e-mail to the app the way Email Routing would (`wrangler`'s
 * local endpoint). `envelopeFrom` is the SMTP sender: the parent's own address
 * when they forward the mail, the writer's when it is sent to Cubby directly.
 */
export async function deliverMail(
  to: string,
  mail: { from: string; name: string; subject: string; body: string; received?: string } = SCHOOL_MAIL,
  envelopeFrom = mail.from,
) {
  const raw = [
    ...(mail.received ? [mail.received] : []),
    `From: ${mail.name} <${mail.from}>`,
    `To: ${to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@mail.example>`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    mail.body,
    "",
  ].join("\r\n");
  await deliverRaw(to, raw, envelopeFrom);
}

/**
 * Screenshots of each step: the iPhone 14 run (390×844) writes the committed
 * ones in docs/screenshots; the Pixel 7 run (412×915) writes beside them in
 * the system's temp folder, for looking over only. A test that only looks runs
 * on the iPhone 14 alone unless `E2E_PHONES=both` (ADR 039).
 */
export async function shot(page: Page, phone: string, name: string, options: { fullPage?: boolean } = {}) {
  const { tmpdir } = await import("node:os");
  const iphone = phone === "iPhone 14";
  // The phone's whole screen (390×844, 412×915), not the viewport under its browser bars.
  const viewport = page.viewportSize();
  await page.setViewportSize(iphone ? { width: 390, height: 844 } : { width: 412, height: 915 });
  // The page answers the new size (the bar's observer, a re-render) within two frames; the
  // screenshot itself finishes whatever animation still runs ("disabled"), so a toast or a
  // sheet is pictured where it comes to rest. A fixed 350 ms wait here was a quarter of the
  // onboarding walk's time.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const file = iphone
    ? new URL(`../../docs/screenshots/${name}.png`, import.meta.url).pathname
    : `${tmpdir()}/cubby-shots/pixel-${name}.png`;
  await page.screenshot({ path: file, animations: "disabled", fullPage: options.fullPage });
  if (viewport) await page.setViewportSize(viewport);
}
