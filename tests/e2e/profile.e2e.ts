/**
 * spec §2 "Profile", §4 "Child form", §5 on a phone: a parent adds two
 * children with schools and teachers, edits one and removes one, then uses
 * the profile's actions down to deleting their data and their account.
 */
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { awake } from "./axe";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { becomePremium, claimUsername, sendJson, signIn, uniqueEmail } from "./parent.mjs";
import { addTeacher, fillChild, pickSchool, seeText, settled, shot, waitForPath } from "./onboarding-steps";

const open = useBrowser();
const STRANGER = "coach@riverside-swim.example.org";
/** A club calendar the local calendar fetcher serves. */
const CLUB_CALENDAR = "webcal://ical-cdn.example.org/team_schedule/riverside-soccer-club.ics";
/** What the profile's cards once asked for after the page came. */
const CARD_DATA = ["/api/ics-link", "/api/messages/held", "/api/calendars", "/api/family"];

describe.each(BEHAVIOUR_PHONES)("children and the profile on %s", (phone) => {
  it("adds two children with schools and teachers, edits one and removes one", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(phone));
    await fillChild(page, { firstName: "Maya", grade: "grade 4", avatar: "Dolphin" });
    await pickSchool(page, "Maple Grove");
    await waitForPath(page, /^\/join\/email$/);

    // A second child from the profile; the same name (any case) is refused with the spec's prompt.
    await page.goto("/profile");
    await settled(page);
    await page.getByRole("link", { name: "Add Child" }).click();
    await waitForPath(page, /^\/add\/child$/);
    await page.getByLabel("First name").fill(" maya ");
    await page.getByLabel("Grade").selectOption("grade 1");
    await page.getByRole("button", { name: "Continue" }).click();
    const duplicate = page.getByRole("dialog", { name: "Duplicate Name" });
    await duplicate.getByText('You already have a child named "maya". Please choose a different name.').waitFor();
    await shot(page, phone, "profile-duplicate-name");
    await duplicate.getByRole("button", { name: "Okay" }).click();
    await fillChild(page, { firstName: "Leo", grade: "grade 1", avatar: "T. rex" });
    await waitForPath(page, /^\/add\/child\/school\//);
    await pickSchool(page, "Riverdale");

    // Teachers and coaches with spec §5's texts.
    await waitForPath(page, /^\/add\/child\/details\//);
    await page.getByRole("heading", { name: "Teachers and Coaches" }).waitFor();
    await page.getByRole("button", { name: "Add" }).click();
    await seeText(page, "Please enter a teacher's name");
    await addTeacher(page, "J");
    await seeText(page, "Name is too short");
    await addTeacher(page, "Mr. Smith");
    await seeText(page, "Name contains invalid characters");
    const list = page.getByRole("list", { name: "Teachers and coaches" });
    for (const name of ["Ms O'Neil", "Coach Dana-Lee", "Mr Brown", "Madame Roy"]) {
      // Adds are ignored while a save runs (spec §5): wait for this one's save to answer.
      const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/child/"));
      await addTeacher(page, name);
      await list.getByText(name).waitFor();
      expect((await saved).ok()).toBe(true);
      await settled(page);
    }
    await shot(page, phone, "profile-teachers");
    await page.getByRole("link", { name: "Continue" }).click();

    // The profile lists both, with the first 3 teacher avatars and '+1'.
    await waitForPath(page, /^\/profile$/);
    const kids = page.getByRole("region", { name: "Your Kids" });
    await kids.getByText("Leo").waitFor();
    await kids.getByText("+1").waitFor();
    await kids.getByText("Maple Grove Elementary School").waitFor();

    // Edit Maya: rename, keep the school, add a teacher.
    await kids.getByRole("link", { name: /Maya/ }).click();
    await page.getByRole("heading", { name: "Edit Child" }).waitFor();
    await page.getByLabel("First name").fill("Mia");
    await page.getByRole("button", { name: "Continue" }).click();
    await waitForPath(page, /^\/edit\/child\/school\//);
    await page.getByRole("button", { name: "Remove Maple Grove Elementary School" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await waitForPath(page, /^\/edit\/child\/details\//);
    await addTeacher(page, "Coach Kim");
    await page.getByRole("list", { name: "Teachers and coaches" }).getByText("Coach Kim").waitFor();
    await page.getByRole("link", { name: "Continue" }).click();
    await waitForPath(page, /^\/profile$/);
    await kids.getByText("Mia").waitFor();

    // Remove Leo: confirmation, then the page reloads without him.
    await kids.getByRole("link", { name: /Leo/ }).click();
    await page.getByRole("heading", { name: "Edit Child" }).waitFor();
    await settled(page);
    await page.getByRole("button", { name: "Remove Leo" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove Leo?" });
    await confirm.getByText("This cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await waitForPath(page, /^\/profile$/);
    await kids.getByText("Mia").waitFor();
    expect(await kids.getByText("Leo").count()).toBe(0);

    const children = (await (await page.request.get("/api/user/profile")).json()).user.children;
    expect(children).toEqual([
      expect.objectContaining({
        firstName: "Mia",
        grade: "grade 4",
        avatarId: "dolphin",
        teachers: ["coach kim"],
        school: expect.objectContaining({ name: "Maple Grove Elementary School" }),
      }),
    ]);
  });

  it("saves and clears the partner, toggles previews, and deletes data, then the account", async () => {
    const page = await open(phone);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = uniqueEmail(phone);
    await signIn(page, email);
    await fillChild(page, { firstName: "Ada", grade: "preschool" });
    await pickSchool(page, "Bayside");
    await waitForPath(page, /^\/join\/email$/);
    await page.getByRole("link", { name: "Allow Access" }).click();
    await waitForPath(page, /^\/join\/watchlist$/);
    await settled(page);
    await page.getByPlaceholder("Type in email address or domain").fill("baysideacademy.example.org");
    await page.getByPlaceholder("Type in email address or domain").press("Enter");
    await page.getByRole("list", { name: "Followed addresses" }).getByText("baysideacademy.example.org").waitFor();
    await page.evaluate(() =>
      fetch("/api/user/username", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: `ada${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}` }),
      }),
    );

    await page.goto("/profile");
    await settled(page);
    await page.getByText("Minutes saved this month").waitFor();
    await page.getByText("Basic", { exact: true }).first().waitFor();
    // Gmail parents see the addresses they follow.
    await page.getByRole("region", { name: "Followed Addresses" }).getByText("baysideacademy.example.org").waitFor();
    await shot(page, phone, "profile");
    await shot(page, phone, "profile-full", { fullPage: true });

    // Partner: Save appears only once the value differs from the saved one.
    const partner = page.getByRole("textbox", { name: "Parenting Partner email" });
    const save = page.getByRole("button", { name: "Save" });
    expect(await save.count()).toBe(0);
    await partner.fill("Sam@Example.com");
    await save.click();
    await page.getByText("Partner address saved").waitFor();
    await save.waitFor({ state: "detached" });
    // Previews go to the partner only once they confirm the address by the mailed link.
    await page.getByText("We emailed sam@example.com a link to confirm. Until they do, weekly previews go only to you.").waitFor();
    await shot(page, phone, "profile-partner-unconfirmed");
    await partner.fill("");
    await save.click();
    await page.getByText("Partner address cleared").waitFor();
    expect((await (await page.request.get("/api/user/profile")).json()).user.partnerEmail).toBeNull();

    // Connections, forwarding address, Report a Bug.
    const connections = page.getByRole("region", { name: "Connections" });
    await connections.getByRole("link", { name: /Gmail.*Connected/ }).waitFor();
    // Not yet connected: Calendar Access says why first (/add/calendar), and its Allow Access comes back here (issue 31).
    const calendarRow = connections.getByRole("link", { name: /Google Calendar/ });
    expect(await calendarRow.getAttribute("href")).toBe("/add/calendar?from=/profile");
    await calendarRow.click();
    await page.getByRole("heading", { name: "needs Calendar Access" }).waitFor();
    await page.getByRole("button", { name: "Go Back" }).waitFor();
    await page.getByRole("link", { name: "Allow Access" }).click();
    await waitForPath(page, /^\/profile$/);
    await settled(page);
    await connections.getByRole("link", { name: /Google Calendar.*Connected/ }).waitFor();
    await page.getByRole("region", { name: "Forwarding Address" }).getByRole("button", { name: /Copy/ }).click();
    await page.getByText("Copied to Clipboard").waitFor();
    expect(await page.getByRole("link", { name: "Report a Bug" }).getAttribute("href")).toMatch(/^mailto:support@cubby\.app\?/);
    // Not installed to the home screen: no switch, but the way to the Enable Notifications screen.
    expect(await page.getByRole("switch", { name: /Notifications/ }).count()).toBe(0);
    const thisPhone = page.getByRole("region", { name: "This Phone" });
    expect(await thisPhone.getByRole("link", { name: "Notifications" }).getAttribute("href")).toBe("/notifications");

    // Weekly Previews, a Premium feature (spec §6): a Basic parent gets its tag, which leads to
    // the Upgrade card, and no switch that would claim previews that never come (issue 31).
    const previews = page.getByRole("switch", { name: /Weekly Previews/ });
    const emailSection = page.getByRole("region", { name: "Email" });
    const isPreview = (url: string) => new URL(url).pathname === "/api/mail/weeklypreview";
    const previewCalls: string[] = [];
    page.on("request", (request) => {
      if (isPreview(request.url())) previewCalls.push(request.url());
    });
    await emailSection.getByText("Weekly Previews").waitFor();
    expect(await previews.count()).toBe(0);
    await emailSection.getByRole("link", { name: "Premium" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#subscription");
    await page.getByRole("region", { name: "Subscription" }).getByText("Premium: one week free, then $4.99 per month.").waitFor();
    expect((await (await page.request.get("/api/user/profile")).json()).user.preferences.weeklyPreview).toBeFalsy();
    expect(previewCalls).toEqual([]);
    // Premium (through the local fake checkout): turned on, the first preview goes out at once.
    const { url: checkout } = (await (await page.request.get("/api/billing/checkout")).json()) as { url: string };
    await page.request.get(new URL(checkout).pathname + new URL(checkout).search);
    await page.reload();
    await page.getByRole("button", { name: "Manage Subscription" }).waitFor();
    expect(await emailSection.getByRole("link", { name: "Premium" }).count()).toBe(0);
    const sent = page.waitForResponse((response) => isPreview(response.url()));
    await previews.click();
    await page.getByText("Weekly previews are on.").waitFor();
    expect((await sent).status()).toBe(200);
    // A preview that cannot be sent says so in spec §8's words.
    await previews.click();
    await page.getByText("Weekly previews are off.").waitFor();
    await page.route((url) => isPreview(url.href), (route) => route.fulfill({ status: 502, json: { error: "Failed to send weekly preview email." } }));
    await previews.click();
    await page.getByText("Failed to send weekly preview email.").waitFor();
    expect(await previews.isChecked()).toBe(true);

    // Delete Data: confirmation, toast, and the children are gone while the account stays.
    await page.getByRole("button", { name: "Delete Data" }).click();
    const dataPrompt = page.getByRole("dialog", { name: "Delete Data" });
    await dataPrompt.getByText("Are you sure you want to delete your data?").waitFor();
    await shot(page, phone, "profile-delete-data");
    await dataPrompt.getByRole("button", { name: "Delete" }).click();
    await page.getByText("All your data has been deleted.").waitFor();
    await page.getByRole("region", { name: "Your Kids" }).getByText("Ada").waitFor({ state: "detached" });
    expect((await (await page.request.get("/api/user/profile")).json()).user.children).toEqual([]);

    // Delete Account: confirmation, then /, signed out.
    await page.getByRole("button", { name: "Delete Account" }).click();
    const accountPrompt = page.getByRole("dialog", { name: "Delete Account" });
    await accountPrompt.getByText("Are you sure you want to delete your account?").waitFor();
    await accountPrompt.getByRole("button", { name: "Delete" }).click();
    await waitForPath(page, /^\/$/);
    expect((await page.request.get("/api/user/profile")).status()).toBe(401);
  });

  it("offers the names of the people who wrote as a child's teachers (spec §7 GET /api/senders)", async () => {
    const page = await open(phone);
    const email = uniqueEmail(`${phone}-senders`);
    await signIn(page, email);
    const claim = await claimUsername(page, `senders${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`);
    const address = claim.body.forwardingAddress!.address;
    const raw = plainMail({ to: address, from: "rivera@maplegrove.example.edu", subject: "Room 12", text: `Picture Day is on ${spokenDate(6).spoken}.` }).replace(
      "From: Maple Grove Office <",
      "From: Ms. Rivera via Remind <",
    );
    await deliverRaw(address, raw, email);
    await expect.poll(async () => ((await (await page.request.get("/api/senders")).json()) as { senders: { senderName: string }[] }).senders.map((s) => s.senderName), { timeout: 15_000 }).toContain("Ms. Rivera via Remind");
    expect(await sendJson(page, "POST", "/api/child", { firstName: "Leo", grade: "grade 1", avatarId: "eagle" })).toBeLessThan(300);
    const { user } = (await (await page.request.get("/api/user/profile")).json()) as { user: { children: { _id: string }[] } };

    const senders = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/senders");
    await page.goto(`/edit/child/details/${user.children[0]!._id}`);
    await senders;
    const suggested = page.getByRole("region", { name: "Suggested for you" });
    await suggested.getByRole("button", { name: "+ Ms Rivera" }).waitFor();
    await shot(page, phone, "teachers-suggested");
    await suggested.getByRole("button", { name: "+ Ms Rivera" }).click();
    await page.getByRole("list", { name: "Teachers and coaches" }).getByText("Ms Rivera").waitFor();
    await expect.poll(async () => ((await (await page.request.get("/api/user/profile")).json()) as { user: { children: { teachers: string[] }[] } }).user.children[0]!.teachers).toEqual(["ms rivera"]);
  });

  it("logs out", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(phone));
    await page.goto("/profile");
    await settled(page);
    await page.getByRole("link", { name: "Log Out" }).click();
    await waitForPath(page, /^\/$/);
    expect((await page.request.get("/api/user/profile")).status()).toBe(401);
  });

  it("logs out everywhere: this phone and the parent's other browser", async () => {
    const email = uniqueEmail(phone);
    const page = await open(phone);
    const otherBrowser = await open(phone);
    await signIn(page, email);
    await signIn(otherBrowser, email);
    expect((await otherBrowser.request.get("/api/user/profile")).status()).toBe(200);
    await page.goto("/profile");
    await settled(page);
    await page.getByRole("button", { name: "Log Out Everywhere" }).click();
    const prompt = page.getByRole("dialog", { name: "Log Out Everywhere" });
    await prompt.getByText("You will be logged out of Cubby on every phone and browser, this one too.").waitFor();
    await shot(page, phone, "profile-log-out-everywhere");
    await prompt.getByRole("button", { name: "Log Out" }).click();
    await waitForPath(page, /^\/$/);
    expect((await page.request.get("/api/user/profile")).status()).toBe(401);
    expect((await otherBrowser.request.get("/api/user/profile")).status()).toBe(401);
  });

  it("opens whole: what its cards show comes with the page, and none of it is asked for after", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-whole`));
    const claim = await claimUsername(page, `whole${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;
    // A Premium family's partner address is also an invitation into the family (ADR 026).
    await becomePremium(page);
    // Something in every card that used to be asked for after the page: mail from someone new, a calendar link, an invitation.
    const meet = spokenDate(9);
    await deliverRaw(address, plainMail({ to: address, from: STRANGER, subject: "Swim meet", text: `The Swim Meet is on ${meet.spoken} at 8:00 a.m.` }), STRANGER);
    expect(await sendJson(page, "POST", "/api/calendars", { url: CLUB_CALENDAR, name: "Soccer" })).toBe(201);
    expect(await sendJson(page, "POST", "/api/user/partner", { partnerEmail: uniqueEmail(`${phone}-whole-partner`) })).toBe(200);
    await expect.poll(async () => ((await (await page.request.get("/api/messages/held")).json()) as { messages: unknown[] }).messages.length, { timeout: 20_000 }).toBe(1);

    // The app's modules never arrive: what is on screen is the server's page.
    const noModules = (route: Route) => route.abort();
    await page.context().route("**/assets/*.js", noModules);
    await page.goto("/profile");
    await page.getByRole("list", { name: "From someone new" }).getByText("Swim meet").waitFor();
    await page.getByRole("list", { name: "Your calendars" }).getByText("Soccer", { exact: true }).waitFor();
    await page.getByRole("list", { name: "Your family" }).getByText("Invitation sent").waitFor();
    const calendarFeed = page.getByRole("region", { name: "Subscribe in your calendar" });
    expect(await calendarFeed.getByRole("link", { name: "Open in Calendar" }).getAttribute("href")).toMatch(/^webcal:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await calendarFeed.getByRole("status", { name: "Loading" }).count()).toBe(0);
    await page.context().unroute("**/assets/*.js", noModules);

    // Awake, the profile asks for none of it again.
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (CARD_DATA.includes(path)) asked.push(path);
    });
    await page.goto("/profile");
    await awake(page);
    await settled(page);
    await page.getByRole("list", { name: "From someone new" }).getByRole("button", { name: "Accept & Follow" }).waitFor();
    expect(asked).toEqual([]);
    // Its code is its own and the shell's, not the feed's: a wrapper both screens use once pulled the whole feed chunk in (ADR 012 part 10).
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    expect(scripts.filter((path) => path.startsWith("/assets/feed-"))).toEqual([]);
    expect(scripts.filter((path) => path.startsWith("/assets/framework-"))).toHaveLength(1);
  });
});
