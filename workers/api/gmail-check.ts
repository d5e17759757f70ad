import { checkParentGmail } from "~/.server/integrations/gmail/poll";
import type { Db } from "~/.server/db/client";

/**
 * Reads the parent's followed senders from Gmail now, after the answer is
 * sent: connecting Gmail or following someone should not wait for the next
 * 15-minute cron. A parent without Gmail or without senders costs one query.
 */
export function checkGmailSoon(db: Db, env: Env, ctx: Pick<ExecutionContext, "waitUntil">, userId: string): void {
  const check = checkParentGmail(db, env, userId, new Date()).catch((error: unknown) =>
    console.error("Gmail check after a change failed", error),
  );
  ctx.waitUntil(check);
}
