import { checkParentGmail } from "~/.server/integrations/gmail/poll";
import { suggestFromGmail } from "~/.server/integrations/gmail/suggestions";
import { GoogleAccessRevoked } from "~/.server/integrations/google/access";
import { isServiceFailure } from "~/.server/integrations/http";
import type { Db } from "~/.server/db/client";

type AfterAnswer = Pick<ExecutionContext, "waitUntil">;

function quietly(work: Promise<unknown>, what: string): Promise<unknown> {
  return work.catch((error: unknown) => {
    if (error instanceof GoogleAccessRevoked) return;
    if (isServiceFailure(error)) return console.warn(what, "failed", error.service, error.status ?? "unreachable");
    console.error(what, "failed", error);
  });
}

/**
 * Reads the parent's followed senders from Gmail now, after the answer is
 * sent: connecting Gmail or following someone should not wait for the next
 * 15-minute cron. A parent without Gmail or without senders costs one query.
 */
export function checkGmailSoon(db: Db, env: Env, ctx: AfterAnswer, userId: string): void {
  ctx.waitUntil(quietly(checkParentGmail(db, env, userId, new Date()), "Gmail check after a change"));
}

/**
 * Just connected: find "Suggested for you" in the recent Gmail headers, then
 * check the senders already followed. The parent reaches the addresses screen
 * a moment later and asks for the suggestions then.
 */
export function welcomeGmail(db: Db, env: Env, ctx: AfterAnswer, userId: string): void {
  ctx.waitUntil(
    quietly(suggestFromGmail(db, env, userId), "Gmail suggestions").then(() =>
      quietly(checkParentGmail(db, env, userId, new Date()), "First Gmail check"),
    ),
  );
}
