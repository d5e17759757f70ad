import { describe, expect, it } from "vitest";
import { calendarLinkSite, googleIcalUrl, normaliseCalendarLink } from "./calendar-link";

const url = (input: string) => {
  const check = normaliseCalendarLink(input);
  if (!check.ok) throw new Error(check.message);
  return check.url;
};

describe("normaliseCalendarLink", () => {
  it("fetches webcal:// (and webcals://) as https", () => {
    expect(url("webcal://ical-cdn.teamsnap.com/team_schedule/abc123.ics")).toBe(
      "https://ical-cdn.teamsnap.com/team_schedule/abc123.ics",
    );
    expect(url("WEBCALS://calendar.example.org/feed.ics")).toBe("https://calendar.example.org/feed.ics");
  });

  it("adds https to a pasted address without a scheme", () => {
    expect(url("  www.school.example.org/calendar.ics ")).toBe("https://www.school.example.org/calendar.ics");
  });

  it("keeps a Google Calendar public feed as it is", () => {
    const feed = "https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/public/basic.ics";
    expect(url(feed)).toBe(feed);
  });

  it("turns Google Calendar's embed page into its public feed", () => {
    expect(url("https://calendar.google.com/calendar/embed?src=abc%40group.calendar.google.com&ctz=America%2FToronto")).toBe(
      googleIcalUrl("abc@group.calendar.google.com"),
    );
  });

  it("turns Google's add-calendar link (cid, base64 or plain) into its public feed", () => {
    const id = "abc@group.calendar.google.com";
    const base64 = btoa(id).replace(/=+$/, "");
    expect(url(`https://calendar.google.com/calendar/u/0?cid=${base64}`)).toBe(googleIcalUrl(id));
    expect(url(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(id)}`)).toBe(googleIcalUrl(id));
    // A cid that is itself an ICS address (Google's "add by URL" link).
    expect(url(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent("webcal://club.example.org/t.ics")}`)).toBe(
      "https://club.example.org/t.ics",
    );
  });

  it.each([
    ["Finalsite", "https://www.school.example.org/fs/calendar-manager/events.ics?calendar_ids[]=12"],
    ["Blackboard / SchoolMessenger Presence", "https://www.district.example.org/site/handlers/icalfeed.ashx?MIID=1234"],
    ["Edlio", "https://www.school.example.org/apps/events/ical/?id=0"],
    ["Apptegy / Thrillshare", "https://thrillshare-cmsv2.services.thrillshare.com/api/v2/s/12345/live_feeds/ical.ics"],
    ["SchoolBlocks", "https://api.schoolblocks.com/v1/calendars/5f1c/ical"],
    ["rSchoolToday", "https://www.rschooltoday.com/se3bin/rs_ics.cgi?g=3&c=101"],
    ["SportsEngine", "https://api.sportngin.com/v3/calendar/team/1234/ical?subseason=56"],
  ])("keeps a %s export as written", (_platform, link) => {
    expect(url(link)).toBe(new URL(link).toString());
  });

  it("turns a webcal Finalsite link into https, query kept", () => {
    expect(url("webcal://www.school.example.org/fs/calendar-manager/events.ics?calendar_ids[]=12&calendar_ids[]=14")).toBe(
      "https://www.school.example.org/fs/calendar-manager/events.ics?calendar_ids[]=12&calendar_ids[]=14",
    );
  });

  it.each([
    ["", "You must type or paste in a URL"],
    ["calendar", "URL is missing a domain name (e.g., .com, .org, .me)"],
    ["https://school.example.org/cal endar.ics", "URL contains invalid characters"],
    ["ftp://school.example.org/cal.ics", "That is not a calendar link."],
    [`https://school.example.org/${"a".repeat(2100)}`, "That calendar link is too long."],
  ])("refuses %j with a clear message", (input, message) => {
    expect(normaliseCalendarLink(input)).toEqual({ ok: false, message });
  });
});

describe("calendarLinkSite", () => {
  it("names a link by its site", () => {
    expect(calendarLinkSite("https://www.school.example.org/events.ics")).toBe("school.example.org");
  });
});
