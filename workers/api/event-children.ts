import { Hono } from "hono";
import { z } from "zod";
import { setEventChildren } from "~/.server/events";
import { baseEventId } from "~/.server/integrations/calendar/save";
import { type Authed, familyScope, problem, readJson, requireUser, familyData } from "./context";

// A child id is a UUID; a parent has at most 20 children (CHILDREN_MAX).
const Children = z.object({ taggedPeople: z.array(z.string().min(1).max(64)).max(20) });

/**
 * PUT /api/events/:id/children {taggedPeople}: the parent corrects whose event
 * it is (beyond spec §7). The choice sticks through rescans and later mentions.
 */
export const eventChildrenApi = new Hono<Authed>()
  .use("/events/*", requireUser)
  .put("/events/:id/children", async (c) => {
    const parsed = Children.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json(problem("Send {taggedPeople: [childId, ...]}."), 400);
    const result = await setEventChildren(
      familyData(c),
      familyScope(c),
      baseEventId(c.req.param("id")),
      parsed.data.taggedPeople,
    );
    if (result === "unknown-child") return c.json(problem("That is not one of your children."), 400);
    if (!result) return c.json(problem("Event not found."), 404);
    return c.json({ event: result });
  });
