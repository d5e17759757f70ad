import { Hono } from "hono";
import { readCalendarFeed, type CalendarFeed } from "~/.server/calendar-feed/feed";

/** Whether the subscriber's copy is still the feed (RFC 9110 §13.1: If-None-Match wins over If-Modified-Since). */
function unchanged(request: Request, feed: CalendarFeed): boolean {
  const tags = request.headers.get("If-None-Match");
  if (tags !== null) {
    return tags.split(",").some((tag) => {
      const bare = tag.trim().replace(/^W\//, "");
      return bare === "*" || bare === feed.etag;
    });
  }
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  // HTTP dates count whole seconds.
  return !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * GET /calendar/<token>.ics: the parent's calendar feed out, for Apple
 * Calendar, Outlook and Google Calendar to subscribe to. No session: the
 * token is the credential, and an unknown one is simply not found.
 */
export const calendarFeed = new Hono<{ Bindings: Env }>().get("/calendar/:file{[A-Za-z0-9_-]+\\.ics}", async (c) => {
  const token = c.req.param("file").slice(0, -".ics".length);
  const feed = await readCalendarFeed(c.env, token);
  if (!feed) return c.text("Not found.", 404);
  const headers = {
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    // Subscribers ask again each time; the ETag makes that cheap.
    "Cache-Control": "private, no-cache",
  };
  if (unchanged(c.req.raw, feed)) return c.body(null, 304, headers);
  return c.body(feed.body, 200, { ...headers, "Content-Type": "text/calendar; charset=utf-8" });
});

calendarFeed.notFound((c) => c.text("Not found.", 404));
