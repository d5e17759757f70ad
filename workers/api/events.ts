import { Hono } from "hono";
import { z } from "zod";
import { DISLIKE_REASONS, listEvents, setEventFlags, type EventFlags } from "~/.server/events";
import { OFFLINE_KEY_HEADER, offlineKey } from "~/.server/auth/offline-key";
import { baseEventId, likeEvent } from "~/.server/integrations/calendar/save";
import { type Authed, familyScope, problem, readJson, requireUser, familyData } from "./context";

const Toggle = z.object({ toggle: z.boolean() });
const Dislike = Toggle.extend({ dislikeReason: z.enum(DISLIKE_REASONS).nullable().optional() });
const FirstView = z.object({ firstView: z.literal(true) });

/** spec §7: the events list and the flags a parent sets (like, dislike, first view). */
export const eventsApi = new Hono<Authed>()
  .use(requireUser)
  .get("/events", async (c) => {
    // The device may keep this answer for the offline feed, under this session's name (ADR 024).
    const sessionId = c.get("sessionId");
    if (sessionId) c.header(OFFLINE_KEY_HEADER, await offlineKey(sessionId));
    return c.json({ events: await listEvents(familyData(c), familyScope(c)) });
  })
  // issue 30: a parent's "Add" for an event Cubby was unsure of; it becomes an ordinary event for the family.
  .post("/events/:id/confirm", async (c) => {
    const event = await setEventFlags(familyData(c), familyScope(c), baseEventId(c.req.param("id")), { needsReview: false });
    if (!event) return c.json(problem("Event not found."), 404);
    return c.json({ event });
  })
  .post("/events/:id/:flag{like|dislike|firstview}", async (c) => {
    const body = await readJson(c.req.raw);
    let flags: EventFlags;
    const flag = c.req.param("flag");
    if (flag === "like") {
      const parsed = Toggle.safeParse(body);
      if (!parsed.success) return c.json(problem("Send {toggle: true|false}."), 400);
      // Liking also saves to (or removes from) Google Calendar when it is connected.
      const liked = await likeEvent(familyData(c), c.env, familyScope(c), c.req.param("id"), parsed.data.toggle);
      if (liked.ok) return c.json({ event: liked.event });
      const { status, ok: _ok, ...answer } = liked;
      return c.json(answer, status);
    } else if (flag === "dislike") {
      const parsed = Dislike.safeParse(body);
      if (!parsed.success) {
        return c.json(problem(`Send {toggle, dislikeReason} with a reason of: ${DISLIKE_REASONS.join(", ")}.`), 400);
      }
      flags = { dislike: parsed.data.toggle, dislikeReason: parsed.data.toggle ? (parsed.data.dislikeReason ?? null) : null };
    } else {
      if (!FirstView.safeParse(body).success) return c.json(problem("Send {firstView: true}."), 400);
      flags = { firstView: true };
    }
    const event = await setEventFlags(familyData(c), familyScope(c), baseEventId(c.req.param("id")), flags);
    if (!event) return c.json(problem("Event not found."), 404);
    return c.json({ event });
  });
