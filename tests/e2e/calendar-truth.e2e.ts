/**
 * Calendar truth on a phone (issue 13, ADR 013): a school calendar mailed as
 * an .ics attachment goes through the real e-mail handler, queue, extractor
 * and D1, and the feed shows its weekly series at the same local time on both
 * sides of a daylight-saving change, without the removed week and with the
 * moved one; an event that never ends does not break the feed.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";
import { deliverRaw } from "./feed-mail";

const open = useBrowser();
const ZONE = "America/Toronto";
const FROM = "office@maplegrove.example.edu";

interface ApiEvent {
  _id: string;
  eventName: string;
  occurrences: { start: string; cancelled?: boolean }[] | null;
}

const compact = (day: string) => day.replaceAll("-", "");

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday after today (UTC is close enough: the series starts days later). */
function nextMonday(): string {
  const today = new Date().toISOString().slice(0, 10);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, ((8 - weekday) % 7) + 7);
}

/** 30 Mondays at 6 pm Toronto time (crossing a DST change whenever the test runs), the 3rd removed, the 4th moved to Tuesday 5 pm. */
function swimCalendar(first: string): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Maple Grove//Calendar//EN",
    "BEGIN:VEVENT",
    "UID:swim@maplegrove.example.edu",
    `DTSTART;TZID=${ZONE}:${compact(first)}T180000`,
    `DTEND;TZID=${ZONE}:${compact(first)}T190000`,
    "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=30",
    `EXDATE;TZID=${ZONE}:${compact(addDays(first, 14))}T180000`,
    "SUMMARY:Swim practice",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:swim@maplegrove.example.edu",
    `RECURRENCE-ID;TZID=${ZONE}:${compact(addDays(first, 21))}T180000`,
    `DTSTART;TZID=${ZONE}:${compact(addDays(first, 22))}T170000`,
    `DTEND;TZID=${ZONE}:${compact(addDays(first, 22))}T180000`,
    "SUMMARY:Swim practice",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
}

function mailWithCalendar(to: string, ics: string): string {
  const boundary = `b-${crypto.randomUUID()}`;
  return [
    `From: Maple Grove Office <${FROM}>`,
    `To: ${to}`,
    "Subject: Swim team calendar",
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@maplegrove.example.edu>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "The swim team's practices are in the attached calendar.",
    `--${boundary}`,
    'Content-Type: text/calendar; charset=utf-8; name="swim.ics"',
    'Content-Disposition: attachment; filename="swim.ics"',
    "",
    ics,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

async function newParent(page: Page, label: string): Promise<{ address: string; email: string }> {
  const email = uniqueEmail(label);
  await signIn(page, email);
  const claim = await claimUsername(page, `cal${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  expect(claim.status).toBe(200);
  return { address: claim.body.forwardingAddress!.address, email };
}

async function swimSeries(page: Page): Promise<ApiEvent> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { events } = (await (await page.request.get("/api/events")).json()) as { events: ApiEvent[] };
    const swim = events.find((e) => e.eventName === "Swim practice");
    if (swim) return swim;
    await page.waitForTimeout(200);
  }
  throw new Error("The calendar's series never arrived");
}

/** The drawer's time line for one occurrence, opened by its feed id. */
async function drawerTime(page: Page, id: string): Promise<string> {
  await page.goto(`/focus/event/${encodeURIComponent(id)}`);
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("heading", { name: "Swim practice" }).waitFor();
  return (await drawer.getByText(/^\d{1,2}(:\d{2})?[ap]m/).first().textContent()) ?? "";
}

describe.each(BEHAVIOUR_PHONES)("calendar truth on %s", (phone) => {
  it("shows a school calendar's weekly series at 6 pm on every Monday, across DST, without the removed week and with the moved one", async () => {
    const page = await open(phone, { timezoneId: ZONE });
    const { address, email } = await newParent(page, `${phone}-calendar`);
    // The profile takes the phone's zone when the feed first opens.
    await page.goto("/focus");
    await page.locator('section[aria-label$=", today"]').waitFor();
    const first = nextMonday();
    await deliverRaw(address, mailWithCalendar(address, swimCalendar(first)), email);

    const swim = await swimSeries(page);
    const days = swim.occurrences!.map((o) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(o.start)));
    expect(days).toHaveLength(29);
    expect(days).not.toContain(addDays(first, 14));
    expect(days).toContain(addDays(first, 22));

    // Week 1, the moved week, and the last week (on the other side of a DST change), in the drawer.
    expect(await drawerTime(page, swim._id)).toBe("6pm - 7pm");
    expect(await drawerTime(page, `${swim._id}-${addDays(first, 22)}`)).toBe("5pm - 6pm");
    expect(await drawerTime(page, `${swim._id}-${addDays(first, 29 * 7)}`)).toBe("6pm - 7pm");
  });

  it("opens the feed beside an all-day event that never ends", async () => {
    const page = await open(phone, { timezoneId: ZONE });
    await newParent(page, `${phone}-forever`);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    const base = { description: null, dateTime: false, tags: [], range: true, startRange: today, recurrence: null, firstView: false, dislike: false, location: null, createdAt: new Date().toISOString(), mentions: [] };
    const prefix = crypto.randomUUID().slice(0, 8);
    const written = await page.request.post("/api/dev/events", {
      data: {
        events: [
          { ...base, _id: `${prefix}-forever`, eventName: "Forever", start: today, end: "9999-12-31", endRange: "9999-12-31" },
          { ...base, _id: `${prefix}-concert`, eventName: "Winter concert", start: addDays(today, 2), end: null, range: false, startRange: null, endRange: null },
        ],
      },
    });
    expect(written.status()).toBe(200);
    const response = await page.goto("/focus");
    expect(response!.status()).toBe(200);
    await page.getByRole("link", { name: /Winter concert/ }).first().waitFor();
  });
});
