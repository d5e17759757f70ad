/**
 * spec §2 "Onboarding screens", §4 and §5 on a phone: a new parent adds a
 * child with a school and teachers, then either forwards mail to their Cubby
 * address (which confirms when the first mail arrives) or connects Gmail (faked
 * locally as Google would grant it) and follows senders, and reaches the tutorial.
 */
import { describe, expect, it } from "vitest";
import { onOnePhone, useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
import { signIn, uniqueEmail } from "./parent.mjs";
import { deliverMail, fillChild, GMAIL_CONFIRMATION, SCHOOL_MAIL, path, pickSchool, seeText, settled, shot, waitForPath } from "./onboarding-steps";

const open = useBrowser();

describe.each(PHONES)("onboarding on %s", (phone) => {
  const onePhoneIt = onOnePhone(phone);
  onePhoneIt("adds a child with school and teachers, forwards mail to the Cubby address and reaches the tutorial", async () => {
    const page = await open(phone);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = uniqueEmail(phone);
    await signIn(page, email);
    await settled(page);

    // Child: Continue only with a 2+ character name and a grade.
    await page.getByRole("heading", { name: "Add Child" }).waitFor();
    await shot(page, phone, "onboarding-01-child");
    await page.getByLabel("First name").fill(" M ");
    await page.getByLabel("Grade").selectOption("grade 2");
    expect(await page.getByRole("button", { name: "Continue" }).isDisabled()).toBe(true);
    await page.getByRole("radio", { name: /penguin/i }).check({ force: true });
    await fillChild(page, { firstName: "Maya", grade: "grade 2" });

    // School search: spec §5's texts, the 2-character minimum, then a result.
    await waitForPath(page, /^\/join\/child\/school\//);
    const search = page.getByRole("searchbox", { name: "School name" });
    await search.press("Enter");
    await seeText(page, "Please enter a school name");
    await search.fill("m");
    await search.press("Enter");
    await seeText(page, "School name is too short");
    await search.fill("Zyzzyva Academy");
    await seeText(page, 'No results found for "Zyzzyva Academy"');
    await search.fill("");
    await shot(page, phone, "onboarding-02-school");
    await pickSchool(page, "Maple Grove");
    // The school's calendar is imported (locally from the bundled feed) and announced.
    await page.getByText(/^Great! We found \d+ new events$/).waitFor();
    await shot(page, phone, "onboarding-03-school-calendar");

    // spec §4: in onboarding the school leads on to e-mail access (teachers come from the profile).
    // Email access, its help prompt, and the other way in.
    await waitForPath(page, /^\/join\/email$/);
    await page.getByRole("heading", { name: "needs Email Access" }).waitFor();
    // The picture's dots move on in steps, one lit at a time: a frame per step, not sixty a second.
    const dots = await page.locator("figure [aria-hidden] > span").evaluateAll((spans) =>
      spans.map((dot) => ({ timing: getComputedStyle(dot).animationTimingFunction, opacity: getComputedStyle(dot).opacity })),
    );
    expect(dots.map((dot) => dot.timing)).toEqual(["steps(1)", "steps(1)", "steps(1)"]); // step-end
    expect(dots.filter((dot) => dot.opacity === "1")).toHaveLength(1);
    await shot(page, phone, "onboarding-05-email-access");
    await page.getByRole("button", { name: /Why is email access required/ }).click();
    await page.getByRole("dialog", { name: "Email Access is Required" }).waitFor();
    await shot(page, phone, "onboarding-06-email-help");
    await page.getByRole("button", { name: "Okay" }).click();
    await page.getByRole("link", { name: "Try another way" }).click();

    // No address yet: choose a username first.
    await page.getByRole("heading", { name: "Personal Forwarding Address" }).waitFor();
    await page.getByRole("link", { name: "Choose a Username" }).click();
    await page.getByRole("heading", { name: "Choose a Username" }).waitFor();
    await page.getByRole("button", { name: "Your Username" }).click();
    await page.getByRole("dialog", { name: "Your Username" }).waitFor();
    await page.getByRole("button", { name: "Okay" }).click();
    const username = `maya${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    await page.getByPlaceholder("Enter your username").fill(username);
    await shot(page, phone, "onboarding-07-username");
    // spec §2 onboarding 5: Continue sends the browser to Gmail access, which returns here.
    const gmailAccess = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/auth/google/gmail");
    await page.getByRole("button", { name: "Continue" }).click();
    expect(new URL((await gmailAccess).url()).searchParams.get("return")).toBe("/forward/address");

    // Back on the address screen: copy, then the first mail confirms it.
    await waitForPath(page, /^\/forward\/address$/);
    await settled(page);
    const address = `${username}@in.cubby.localhost`;
    await page.getByText(address).waitFor();
    expect(await page.getByRole("button", { name: "Continue" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Copy Your Cubby address" }).click();
    await page.getByText("Copied to Clipboard").waitFor();
    // Node's own `navigator` type shadows the DOM one here; this callback runs in the page.
    expect(await page.evaluate(() => (navigator as unknown as { clipboard: { readText(): Promise<string> } }).clipboard.readText())).toBe(address);
    await shot(page, phone, "onboarding-08-forwarding-address");
    // The parent's first forward (envelope: their own address) proves forwarding works.
    await deliverMail(address, SCHOOL_MAIL, email);
    await page.getByText("Forwarding Confirmed").waitFor({ timeout: 15_000 });
    await page.getByText("Your address received an email!").waitFor();
    await shot(page, phone, "onboarding-09-forwarding-confirmed");

    // After the toast's 5 s, Calendar Access (issue 31, ADR 029), then Ready and the tutorial (firstViewTutorial is not set).
    await waitForPath(page, /^\/join\/calendar$/);
    await page.getByRole("link", { name: "Do this later" }).click();
    await waitForPath(page, /^\/join\/success$/);
    await page.getByRole("heading", { name: "Ready" }).waitFor();
    await shot(page, phone, "onboarding-10-ready");
    await page.getByRole("link", { name: "Continue" }).click();
    await waitForPath(page, /^\/tutorial$/);

    const profile = (await (await page.request.get("/api/user/profile")).json()).user;
    expect(profile.forwardingAddress).toMatchObject({ address, active: true });
    // spec §2 onboarding 5: the username's Continue went through Gmail access (granted by the local fake).
    expect(profile.emailProvider).toBe("gmail");
    expect(profile.children).toEqual([
      expect.objectContaining({
        firstName: "Maya",
        grade: "grade 2",
        avatarId: "penguin",
        teachers: [],
        school: expect.objectContaining({ name: "Maple Grove Elementary School" }),
      }),
    ]);
  });

  onePhoneIt("connects Gmail (faked locally), follows senders and calendars, and reaches the tutorial", async () => {
    const page = await open(phone);
    const email = uniqueEmail(phone);
    await signIn(page, email);
    await fillChild(page, { firstName: "Leo", grade: "kindergarten" });
    await pickSchool(page, "Riverdale");
    await waitForPath(page, /^\/join\/email$/);

    // What is already in the parent's Gmail (the local fake): "Suggested for you" comes from its headers.
    const inGmail = async (from: string, subject: string, daysAgo: number) => {
      const raw = `From: ${from}\r\nTo: ${email}\r\nSubject: ${subject}\r\nDate: ${new Date().toUTCString()}\r\n\r\nHello families.\r\n`;
      expect((await page.request.post("/api/dev/gmail", { data: { raw, daysAgo } })).status()).toBe(201);
    };
    await inGmail("Ms. Chen via ParentSquare <donotreply@parentsquare.com>", "Room 12 news", 2);
    await inGmail("Ms. Chen via ParentSquare <donotreply@parentsquare.com>", "Room 12 field trip", 6);
    await inGmail("Riverside Swim Club <info@riversideswim.example.org>", "Meet schedule", 4);
    await inGmail("Shop <deals@shop.example.com>", "Big sale", 1);

    await page.getByRole("link", { name: "Allow Access" }).click();
    await waitForPath(page, /^\/join\/watchlist$/);
    await page.getByRole("heading", { name: "Setup your addresses" }).waitFor();
    await settled(page);
    const suggested = page.getByRole("region", { name: "Suggested for you" });
    await suggested.getByRole("button", { name: /donotreply@parentsquare\.com\s*2 emails/ }).waitFor({ timeout: 15_000 });
    await suggested.getByRole("button", { name: /info@riversideswim\.example\.org\s*1 email/ }).waitFor();
    expect(await suggested.getByText("deals@shop.example.com").count()).toBe(0);
    await shot(page, phone, "onboarding-watchlist-suggested");
    const input = page.getByPlaceholder("Type in email address or domain");
    const continueButton = page.getByRole("button", { name: "Continue" });
    expect(await continueButton.isDisabled()).toBe(true);

    // spec §5's three texts.
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await seeText(page, "Please type in an address or domain");
    await input.fill("coach");
    await input.press("Enter");
    await seeText(page, "Address is missing a domain name (e.g., .com, .org, .me)");
    await input.fill("coach (club).org");
    await input.press("Enter");
    await seeText(page, "Address contains invalid characters");

    // spec §4: while an add is in flight further adds and removes are ignored, so each waits for the server's answer.
    const saved = () => page.waitForResponse((r) => r.url().endsWith("/api/watchlist") && r.request().method() === "POST");
    await input.fill("  Ms.Park@RiverdalePS.example.ca ");
    await Promise.all([saved(), input.press("Enter")]);
    const list = page.getByRole("list", { name: "Followed addresses" });
    await list.getByText("ms.park@riverdaleps.example.ca").waitFor();
    await input.fill("hockey.example.org");
    await Promise.all([saved(), input.press("Enter")]);
    await list.getByText("hockey.example.org").waitFor();
    // Removing waits for the server, then the entry is gone.
    await page.getByRole("button", { name: "Remove hockey.example.org" }).click();
    await list.getByText("hockey.example.org").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Which emails are scanned" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Okay" }).click();
    await shot(page, phone, "onboarding-11-watchlist");
    await page.getByRole("link", { name: "Continue" }).click();
    // Mail set up, onboarding asks for Calendar Access before Ready (issue 31, ADR 029).
    await waitForPath(page, /^\/join\/calendar$/);
    expect((await (await page.request.get("/api/watchlist")).json()).watchlist).toEqual([
      "ms.park@riverdaleps.example.ca",
    ]);

    // Calendar access in onboarding mode: its help prompt, 'Do this later', and Allow Access.
    await page.getByRole("heading", { name: "needs Calendar Access" }).waitFor();
    await settled(page);
    await shot(page, phone, "onboarding-12-calendar-access");
    await page.getByRole("button", { name: "How does this help?" }).click();
    await page.getByRole("dialog", { name: "Better Scheduling" }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Okay" }).click();
    expect(await page.getByRole("link", { name: "Do this later" }).getAttribute("href")).toBe("/join/success");
    await page.getByRole("link", { name: "Allow Access" }).click();
    await waitForPath(page, /^\/join\/success$/);
    await page.getByRole("link", { name: "Continue" }).click();
    await waitForPath(page, /^\/tutorial$/);
    const profile = (await (await page.request.get("/api/user/profile")).json()).user;
    expect(profile).toMatchObject({ emailProvider: "gmail", calendarProvider: "gcal" });
    expect(path(page)).toBe("/tutorial");
  });

  onePhoneIt("walks the Gmail forwarding and filter guides with the parent's address and Gmail's confirmation code", async () => {
    const page = await open(phone);
    const email = uniqueEmail(phone);
    await signIn(page, email);
    const username = `fwd${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    const address = `${username}@in.cubby.localhost`;
    await page.evaluate(
      (name) =>
        fetch("/api/user/username", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username: name }),
        }),
      username,
    );
    await page.goto("/forward/address");
    await settled(page);
    await page.getByRole("link", { name: "Set up Gmail forwarding" }).click();

    const steps: [string, string][] = [
      ["/forward/settings", "Setup Email Forwarding"],
      ["/forward/addresses", "Enter Forwarding Address"],
      ["/forward/confirmation", "Send Forwarding Confirmation"],
      ["/forward/inbox", "Allow Forwarding"],
      ["/forward/allow", "Allow Forwarding"],
      ["/forward/success", "Ready"],
    ];
    for (const [at, title] of steps) {
      await waitForPath(page, new RegExp(`^${at}$`));
      await page.getByRole("heading", { name: title }).waitFor();
      if (at === "/forward/addresses") await page.getByText(address).waitFor();
      if (at === "/forward/inbox") {
        // Waiting for Gmail's mail; once it reaches the Cubby address its code shows (polled every 2 s).
        await page.getByText("Waiting for Gmail's confirmation email…").waitFor();
        await deliverMail(address, GMAIL_CONFIRMATION);
        await page.getByText("123456789").waitFor({ timeout: 15_000 });
        // The link's exact address is the one Gmail's mail carried.
        await page
          .locator('a[href="https://mail-settings.google.com/mail/vf-%5BANGjdJ8%5D-abc"]', {
            hasText: "Open the Confirmation Link",
          })
          .waitFor();
      }
      await shot(page, phone, `onboarding-forward-${at.split("/").pop()}`);
      await page.getByRole("link", { name: "Continue" }).click();
    }

    await waitForPath(page, /^\/forward\/filter$/);
    await page.getByRole("heading", { name: "Control Your Email Forwarding" }).waitFor();
    await shot(page, phone, "onboarding-forward-filter");
    await page.getByRole("link", { name: "Setup Filters" }).click();
    for (const [at, title] of [
      ["/filter/settings", "Setup Email Filters"],
      ["/filter/create", "Enter Filter Settings"],
      ["/filter/address", "Complete Your Filter"],
      ["/filter/success", "Ready"],
    ]) {
      await waitForPath(page, new RegExp(`^${at}$`));
      await page.getByRole("heading", { name: title }).waitFor();
      if (at === "/filter/address") await page.getByText(address).waitFor();
      await shot(page, phone, `onboarding-filter-${at.split("/").pop()}`);
      await page.getByRole("link", { name: "Continue" }).click();
    }
    // The filter guide's end leads on to Calendar Access, then Ready (ADR 029).
    await waitForPath(page, /^\/join\/calendar$/);
    expect(await page.getByRole("link", { name: "Do this later" }).getAttribute("href")).toBe("/join/success");
    expect(path(page)).toBe("/join/calendar");
  });

  it("shows install steps for this phone's browser, and the notifications screen", async () => {
    const page = await open(phone);
    const email = uniqueEmail(phone);
    await signIn(page, email);
    await page.goto("/install");
    await page.getByRole("heading", { name: "Install App" }).waitFor();
    await page.getByText(phone === "iPhone 14" ? /Add to Home Screen/ : /Add to home screen/).first().waitFor();
    await shot(page, phone, "onboarding-install");
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "Enable Notifications" }).waitFor();
    // Reminders are Premium (spec §6): a Basic parent gets the tag and Upgrade, not a permission to give (issue 31).
    await page.getByText("Reminders on your phone are a Premium feature.").waitFor();
    expect(await page.getByRole("button", { name: "Allow Notifications" }).count()).toBe(0);
    // Upgrade goes through the checkout (the local one, whose link names APP_URL: sent to this server's port).
    await page.route("**/api/billing/checkout", async (route) => {
      const { url } = (await (await route.fetch()).json()) as { url: string };
      const link = new URL(url);
      await route.fulfill({ json: { url: new URL(link.pathname + link.search, page.url()).href } });
    });
    await page.getByRole("button", { name: "Upgrade" }).click();
    await waitForPath(page, /^\/profile$/);
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "Enable Notifications" }).waitFor();
    await page.getByRole("button", { name: "Do this later" }).or(page.getByRole("link", { name: "Do this later" })).waitFor();
    expect(await page.getByText("Reminders on your phone are a Premium feature.").count()).toBe(0);
    await shot(page, phone, "onboarding-notifications");
  });

  onePhoneIt("says spec §8's 'Something went wrong' in an 'Error' toast when a username cannot be saved", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-username-fails`));
    await page.route("**/api/user/username", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/join/username");
    await settled(page);
    await page.getByPlaceholder("Enter your username").fill(`maya${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`);
    await page.getByRole("button", { name: "Continue" }).click();
    // The toast region (app/components/ui/toast-context.tsx): a title 'Error' over spec §8's words.
    const toast = page.locator('[popover][aria-live="polite"]').filter({ hasText: "Something went wrong. Please try again." });
    await toast.getByText("Error", { exact: true }).waitFor();
    expect(path(page)).toBe("/join/username");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Something went wrong" }).count()).toBe(0);
  });
});
