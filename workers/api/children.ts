import { Hono, type Context } from "hono";
import type { z } from "zod";
import { ChildBody, createChild, deleteChild, parseChildChange, updateChild } from "~/.server/children";
import { retagAllEvents } from "~/.server/ingest/tag-events";
import { type Authed, familyKey, problem, readJson, requireUser, familyData } from "./context";

/**
 * A child, their teachers or their school changed: look at every event again, so
 * adding a coach later tags that coach's earlier practices. Runs after the answer.
 */
function retagLater(c: Context<Authed>) {
  c.executionCtx.waitUntil(retagAllEvents(familyData(c), c.env, familyKey(c)));
}

/** The first message zod gives, so the parent (or developer) sees what to fix. */
export function firstIssue(error: z.ZodError, fallback: string): string {
  const issue = error.issues[0];
  // zod's own wording ("Invalid input…", unrecognised keys) means the shape is wrong: say which shape to send.
  if (!issue || issue.code === "unrecognized_keys" || issue.message.startsWith("Invalid")) return fallback;
  return issue.message;
}

/** spec §7: a parent's children. Another parent's child answers 404, like one that never existed. */
export const childrenApi = new Hono<Authed>()
  .use("/child/*", requireUser)
  .use("/child", requireUser)
  .post("/child", async (c) => {
    const parsed = ChildBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) {
      return c.json(problem(firstIssue(parsed.error, "Send {firstName, grade, avatarId}.")), 400);
    }
    const result = await createChild(familyData(c), familyKey(c), parsed.data);
    if (!result.ok) return c.json(problem(result.message), result.status);
    retagLater(c);
    return c.json({ child: result.child }, 201);
  })
  .put("/child/:childId", async (c) => {
    const parsed = parseChildChange(await readJson(c.req.raw));
    if (!parsed.success) {
      return c.json(
        problem(firstIssue(parsed.error, "Send {firstName, grade, avatarId}, {teachers: [...]} or {schoolId}.")),
        400,
      );
    }
    const result = await updateChild(familyData(c), c.get("db"), familyKey(c), c.req.param("childId"), parsed.data);
    if (!result.ok) return c.json(problem(result.message), result.status);
    retagLater(c);
    return c.json({ child: result.child });
  })
  .delete("/child/:childId", async (c) => {
    const removed = await deleteChild(familyData(c), familyKey(c), c.req.param("childId"));
    if (!removed) return c.json(problem("Child not found."), 404);
    retagLater(c);
    return c.json({ ok: true });
  });
