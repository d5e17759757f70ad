import { Hono } from "hono";
import { z } from "zod";
import { checkUnsubscribe, unsubscribe } from "~/.server/integrations/mail/list-unsubscribe";
import type { ApiEnv } from "./context";
import { messagePage, NO_STORE } from "./message-page";

const UnsubscribeQuery = z.object({
  parent: z.string().min(1).max(64),
  copy: z.enum(["parent", "partner"]),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

const INVALID = messagePage(
  "This link is no longer valid",
  "<p>Open Cubby to change your weekly preview settings.</p>",
);

/**
 * The weekly preview's List-Unsubscribe link (RFC 8058). No session: the
 * mail provider's one-click POST comes from its servers, the parent's or
 * partner's browser from their webmail; the token is what proves it
 * (workers/origin.ts exempts exactly this path). A GET only shows a button,
 * because link scanners open every link in a mail.
 */
export const unsubscribeApi = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const query = UnsubscribeQuery.safeParse(c.req.query());
    if (!query.success || !(await checkUnsubscribe(c.get("db"), c.env, query.data))) {
      return c.html(INVALID, 400, NO_STORE);
    }
    const action = `?${new URLSearchParams(query.data).toString()}`;
    const question = query.data.copy === "parent" ? "Stop the weekly preview email?" : "Stop getting this weekly preview?";
    const page = messagePage(
      "Weekly preview",
      `<p>${question}</p><form method="post" action="${action.replaceAll("&", "&amp;")}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form>`,
    );
    return c.html(page, 200, NO_STORE);
  })
  .post("/", async (c) => {
    const query = UnsubscribeQuery.safeParse(c.req.query());
    if (!query.success || !(await unsubscribe(c.get("db"), c.env, query.data))) {
      return c.html(INVALID, 400, NO_STORE);
    }
    const line =
      query.data.copy === "parent"
        ? "Weekly previews are off. You can turn them on again on your Cubby profile."
        : "You will not get this weekly preview any more.";
    return c.html(messagePage("You are unsubscribed", `<p>${line}</p>`), 200, NO_STORE);
  });
