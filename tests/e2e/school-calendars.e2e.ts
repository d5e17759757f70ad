/**
 * No dead ends on Pick a school (issue 15): a new parent finds schools near
 * them by the child's grade, adds a school the directory lacks with its
 * calendar link, or skips the school and adds a club's calendar link on the
 * profile; either way the calendar's events (a weekly series among them) show
 * in the feed, and removing the link takes them out. Locally the calendar
 * fetcher is the fake that serves data/schools/calendars by file name, after
 * the same address checks safeFetch makes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { fillChild, settled, shot, waitForPath } from "./onboarding-steps";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

async function eventNames(page: Page): Promise<string[]> {
  const { events } = (await (await page.request.get("/api/events")).json()) as { events: { eventName: string }[] };
  return events.map((event) => event.eventName);
}

/** A new parent on Pick a school for their first child. */
async function atPickASchool(page: Page, label: string) {
  await signIn(page, uniqueEmail(label));
  await page.goto("/join/child");
  await fillChild(page, { firstName: "Maya", grade: "grade 3" });
  await waitForPath(page, /^\/join\/child\/school\//);
  await page.getByRole("heading", { name: "Pick a school" }).waitFor();
  await settled(page);
}

describe.each(BEHAVIOUR_PHONES)("school and club calendars on %s", (phone) => {
  it("finds schools nearby, adds an unlisted school with its calendar link, and its events reach the feed", async () => {
    const page = await open(phone);
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: 43.07, longitude: -89.4 });
    await atPickASchool(page, `${phone}-unlisted`);

    // Continue waits for a school; nothing chosen yet.
    expect(await page.getByRole("button", { name: "Continue", exact: true }).isDisabled()).toBe(true);

    // By grade, nearest first (Madison, WI): elementary schools, the nearest on top.
    await page.getByRole("button", { name: "Find schools near me" }).click();
    const nearby = page.getByRole("list", { name: "Schools near you" });
    await nearby.getByRole("button").first().waitFor();
    expect(await nearby.getByRole("button").first().textContent()).toContain("Maple Grove Elementary School");
    expect(await nearby.textContent()).not.toContain("West High School");
    await shot(page, phone, "school-nearby");

    // Not in the directory: the parent names it and pastes its calendar link.
    await page.getByRole("button", { name: "My school isn't listed" }).click();
    const form = page.getByRole("form", { name: "My school isn't listed" });
    await form.getByRole("textbox", { name: "School name" }).fill("Little Acorns Montessori");
    await form.getByRole("textbox", { name: "Calendar link (optional)" }).fill("localhost/calendar.ics");
    await form.getByRole("button", { name: "Add School" }).click();
    await form.getByText("That address is not on the public internet.").waitFor();
    await form
      .getByRole("textbox", { name: "Calendar link (optional)" })
      .fill("webcal://www.littleacorns.example.org/calendar/little-acorns-montessori.ics");
    await shot(page, phone, "school-not-listed");
    await form.getByRole("button", { name: "Add School" }).click();
    await page.getByText(/^Great! We found \d+ new events$/).waitFor();
    await page.getByRole("button", { name: "Remove Little Acorns Montessori" }).waitFor();
    await shot(page, phone, "school-not-listed-added");

    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await waitForPath(page, /^\/join\/email$/);
    const names = await eventNames(page);
    expect(names).toEqual(expect.arrayContaining(["Pyjama Day", "Library Day - bring your book bag"]));

    // The feed shows the school's weekly series and its one-off day.
    await page.goto("/focus");
    await page.getByText("Library Day - bring your book bag").first().waitFor();
    await page.getByText("Pyjama Day").first().waitFor({ state: "attached" });
    // The profile says which school Maya goes to, and lists the school's calendar.
    await page.goto("/profile");
    await page.getByRole("list", { name: "Your calendars" }).getByText("Little Acorns Montessori").waitFor();
  });

  it("skips the school, adds a club's calendar link on the profile, sees its events, and removes them", async () => {
    const page = await open(phone);
    await atPickASchool(page, `${phone}-skip`);
    await page.getByRole("button", { name: "Continue without a school" }).click();
    await waitForPath(page, /^\/join\/email$/);

    await page.goto("/profile");
    await settled(page);
    const calendars = page.getByRole("region", { name: "Calendars" });
    await calendars.getByRole("button", { name: "Add a School or Club Calendar" }).click();
    await calendars.getByRole("textbox", { name: "Calendar link" }).fill("webcal://ical-cdn.example.org/team_schedule/riverside-soccer-club.ics");
    await calendars.getByRole("textbox", { name: "Name (optional)" }).fill("Soccer");
    await calendars.getByRole("button", { name: "Add Calendar" }).click();
    await page.getByText(/^Great! We found \d+ new events$/).waitFor();
    const list = calendars.getByRole("list", { name: "Your calendars" });
    await list.getByText("Soccer", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    await calendars.evaluate((section) => section.scrollIntoView({ block: "center" }));
    await shot(page, phone, "profile-calendars");

    await page.goto("/focus");
    await page.getByText("U10 Soccer Practice").first().waitFor();
    expect(await eventNames(page)).toEqual(expect.arrayContaining(["U10 Soccer Practice", "Winter Indoor Tournament"]));

    // Removing the link takes its events out of the feed.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Remove Soccer" }).click();
    await page.getByRole("dialog", { name: "Remove calendar" }).getByRole("button", { name: "Remove" }).click();
    await page.getByText("Calendar removed").waitFor();
    expect(await eventNames(page)).toEqual([]);
  });
});
