import { database } from "~/.server/db/client";
import { purgeExpiredSessions } from "~/.server/auth/session";

/** The every-15-minutes cron: housekeeping now; previews, Gmail and reminders join it. */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  await purgeExpiredSessions(database(env), new Date(controller.scheduledTime));
}
