import { database } from "~/.server/db/client";
import { purgeExpiredSessions } from "~/.server/auth/session";
import { purgeStaleHeldMail } from "~/.server/ingest/held-mail";
import { purgeBillingEvents } from "~/.server/integrations/billing/webhook";
import { purgeSentMailKeys } from "~/.server/integrations/mail/cloudflare-mail";
import { pollGmail } from "~/.server/integrations/gmail/poll";
import { sendWeeklyPreviews } from "~/.server/integrations/mail/weekly-preview";
import { sendReminders } from "~/.server/integrations/push/reminders";
import { refreshSchoolCalendars } from "~/.server/school-calendars";

/**
 * The every-15-minutes cron: housekeeping, then each scheduled job on its
 * own, so one failing (a service down) does not stop the others. Every job
 * remembers what it did, so a run repeated or retried sends nothing twice.
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = database(env);
  const now = new Date(controller.scheduledTime);
  await purgeExpiredSessions(db, now);
  await purgeStaleHeldMail(env, now);
  await purgeBillingEvents(db, now);
  await purgeSentMailKeys(db, now);
  const jobs = {
    gmail: pollGmail,
    schoolCalendars: refreshSchoolCalendars,
    reminders: sendReminders,
    weeklyPreviews: sendWeeklyPreviews,
  };
  for (const [name, job] of Object.entries(jobs)) {
    try {
      await job(db, env, now);
    } catch (error) {
      console.error("Scheduled job failed", name, error);
    }
  }
}
