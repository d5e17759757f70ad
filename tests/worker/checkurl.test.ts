import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { urlSources, users } from "~/.server/db/schema";
import { tinyPdf } from "~/.server/extract/read/tiny-pdf.fixture";
import type { HostResolver } from "~/.server/ingest/safe-fetch";
import { urlResolver } from "../../workers/api/sources";
import { call, db, signIn } from "./helpers";

/** The public web as these tests see it: names resolve from a table, pages from a map. */
const dns: Record<string, string[]> = {
  "school.example.org": ["93.184.216.34"],
  "inside.example.org": ["10.0.0.7"],
};
const fakeResolver: HostResolver = {
  async resolve(hostname) {
    if (!(hostname in dns)) throw new Error("NXDOMAIN");
    return dns[hostname]!;
  },
};
const pages: Record<string, () => Response> = {
  "https://school.example.org/calendar": () =>
    new Response(
      `<html><head><title>Maplewood Calendar</title></head><body>
        <h1>December at Maplewood</h1>
        <table><tr><th>Date</th><th>Event</th></tr>
        <tr><td>Friday, December 11, 2026</td><td>Winter Book Fair</td></tr>
        <tr><td>Friday, December 18, 2026</td><td>Last day before winter break</td></tr></table>
        <script>alert("page")</script><img src="https://tracker.example/p.gif" onerror="alert(1)">
      </body></html>`,
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    ),
  "https://school.example.org/fair.pdf": () =>
    new Response(tinyPdf("Spring Book Fair is Friday, March 12, 2027 at 3:00 p.m.") as Uint8Array<ArrayBuffer>, {
      headers: { "Content-Type": "application/pdf" },
    }),
  "https://school.example.org/old": () =>
    new Response(null, { status: 301, headers: { Location: "http://169.254.169.254/latest/meta-data/" } }),
};

let original: HostResolver;
beforeEach(() => {
  original = urlResolver.current;
  urlResolver.current = fakeResolver;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    const page = pages[url];
    if (!page) throw new Error(`The test web has no ${url}`);
    return page();
  });
});
afterEach(() => {
  urlResolver.current = original;
});

async function premiumParent() {
  const parent = await signIn();
  await db().update(users).set({ subscriptionStatus: "active", timezone: "America/Toronto" }).where(eq(users.id, parent.userId));
  return parent;
}

const checkUrl = (cookie: string, url: string) =>
  call(`/api/checkurl?url=${encodeURIComponent(url)}`, { cookie });

describe("GET /api/checkurl", () => {
  it("refuses a URL over 2048 characters before fetching anything", async () => {
    const parent = await premiumParent();
    const response = await checkUrl(parent.cookie, `https://school.example.org/calendar?${"a".repeat(2100)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "That web address is too long." });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("imports a public page and answers with its id and how many events it holds", async () => {
    const parent = await premiumParent();
    const response = await checkUrl(parent.cookie, "https://school.example.org/calendar");
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string; eventsCount: number } };
    expect(data.eventsCount).toBeGreaterThanOrEqual(1);

    const source = await call(`/api/urls/${data.id}`, { cookie: parent.cookie });
    expect(source.status).toBe(200);
    const body = (await source.json()) as { html: string; hiddenImages: number };
    expect(body).toMatchObject({
      urlTitle: "Maplewood Calendar",
      urlPath: "school.example.org/calendar",
      creatorInfo: { address: parent.email },
      hiddenImages: 1,
    });
    // The parent who asked is recorded as the page's adder (spec §6 '(You)').
    const [row] = await db().select().from(urlSources).where(eq(urlSources.id, data.id));
    expect(row?.addedBy).toBe(parent.userId);
    // The page's HTML leaves the Worker sanitised, as a message's does (ADR 028).
    expect(body.html).toContain("Winter Book Fair");
    expect(body.html).not.toMatch(/<script|onerror|tracker\.example/);
    const events = (await (await call("/api/events", { cookie: parent.cookie })).json()) as {
      events: { eventName: string; mentions: { sourceType: string; sourceURL: string }[] }[];
    };
    const fair = events.events.find((e) => /book fair/i.test(e.eventName));
    expect(fair?.mentions[0]).toMatchObject({ sourceType: "url", sourceURL: "https://school.example.org/calendar" });

    const stranger = await signIn();
    expect((await call(`/api/urls/${data.id}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it.each([
    ["http://127.0.0.1:8080/", "That address is not on the public internet."],
    ["http://[::1]/", "That address is not on the public internet."],
    ["http://169.254.169.254/latest/meta-data/", "That address is not on the public internet."],
    ["http://localhost/", "That address is not on the public internet."],
    ["https://inside.example.org/", "That address is not on the public internet."],
    ["https://school.example.org/old", "That address is not on the public internet."],
    ["https://parent:secret@school.example.org/calendar", "Addresses with a user name or password are not allowed."],
    ["ftp://school.example.org/calendar", "Only http and https addresses can be imported."],
  ])("refuses %s with a clear error", async (url, message) => {
    const parent = await premiumParent();
    const response = await checkUrl(parent.cookie, url);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: message });
  });

  it("takes an address typed without https://, as the form does", async () => {
    const parent = await premiumParent();
    const response = await checkUrl(parent.cookie, "school.example.org/calendar");
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string; eventsCount: number } };
    expect(data.eventsCount).toBeGreaterThanOrEqual(1);
    expect(fetch).toHaveBeenCalledWith("https://school.example.org/calendar", expect.anything());
    expect(await (await call(`/api/urls/${data.id}`, { cookie: parent.cookie })).json()).toMatchObject({
      url: "https://school.example.org/calendar",
    });
  });

  it("counts as new only the events the parent did not have yet", async () => {
    const parent = await premiumParent();
    const first = (await (await checkUrl(parent.cookie, "https://school.example.org/calendar")).json()) as {
      data: { eventsCount: number; newEventsCount: number };
    };
    expect(first.data.newEventsCount).toBe(first.data.eventsCount);
    expect(first.data.newEventsCount).toBeGreaterThanOrEqual(1);
    // The same page again: the same events, each with one more mention, none new.
    const again = (await (await checkUrl(parent.cookie, "https://school.example.org/calendar")).json()) as {
      data: { eventsCount: number; newEventsCount: number };
    };
    expect(again.data).toMatchObject({ eventsCount: first.data.eventsCount, newEventsCount: 0 });
  });

  it("marks events from a PDF as url-pdf, so the PDF icon shows", async () => {
    const parent = await premiumParent();
    const response = await checkUrl(parent.cookie, "https://school.example.org/fair.pdf");
    expect(response.status).toBe(200);
    const events = (await (await call("/api/events", { cookie: parent.cookie })).json()) as {
      events: { eventName: string; mentions: { sourceType: string; sourceURL: string }[] }[];
    };
    const fair = events.events.find((e) => /book fair/i.test(e.eventName));
    expect(fair?.mentions[0]).toMatchObject({ sourceType: "url-pdf", sourceURL: "https://school.example.org/fair.pdf" });
  });

  it("answers 400 without a URL and 401 without a session", async () => {
    const parent = await premiumParent();
    expect((await call("/api/checkurl", { cookie: parent.cookie })).status).toBe(400);
    expect((await call("/api/checkurl?url=https%3A%2F%2Fschool.example.org%2Fcalendar")).status).toBe(401);
  });
});
