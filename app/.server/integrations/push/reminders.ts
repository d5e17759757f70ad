/**
 * Reminder pushes (Premium, spec §6): from 6 pm in each parent's zone, one
 * notification about tomorrow's events to each of their devices. Each day of
 * an event is reminded once, so the every-15-minutes cron can run again, or
 * retry after a failure, without pushing twice. events.remindedAt says when the
 * last reminder went out: a reminder sent on a day is for the next day, so an
 * event reminded before today began is due again when it also covers tomorrow
 * (a range or a weekly series).
 */
import { isNull, lt, or } from "drizzle-orm";
import { addDays } from "~/lib/calendar-day";
import { localDate, wallClock, zonedInstant } from "~/lib/time-zone";
import type { Db } from "../../db/client";
import { familyDb } from "../../family/data";
import { events } from "../../db/schema";
import { familyMemberIds } from "../../family/membership";
import { premiumParents } from "../../family/premium";
import { eventRevision, familyEventsWithIds } from "../../events";
import { isServiceFailure } from "../http";
import { eventsOnDays } from "../local-day-events";
import { choosePush } from "./choose";
import { devicesOf, forgetDevice, readSubscription } from "./devices";
import type { PushMessage, PushSender } from "./provider";

export const REMINDER_HOUR = 18;

export function reminderMessage(names: string[]): PushMessage {
  const shown = names.slice(0, 3).join(", ");
  const more = names.length > 3 ? ` and ${names.length - 3} more` : "";
  return {
    title: names.length === 1 ? "Tomorrow: 1 event" : `Tomorrow: ${names.length} events`,
    body: `${shown}${more}`,
    url: "/focus",
  };
}

async function pushToDevices(db: Db, sender: PushSender, userId: string, message: PushMessage): Promise<number> {
  let delivered = 0;
  for (const device of await devicesOf(db, userId)) {
    const subscription = readSubscription(device.token);
    if (!subscription) continue;
    try {
      const result = await sender.send(subscription, message);
      if (result === "sent") delivered += 1;
      else await forgetDevice(db, userId, device.id);
      // Never logs the endpoint itself: its path is the device's secret.
      if (result === "refused") console.warn("Push endpoint refused; device forgotten", new URL(subscription.endpoint).hostname);
    } catch (error) {
      if (!isServiceFailure(error)) throw error;
      console.warn("Push failed", error.status ?? "unreachable");
    }
  }
  return delivered;
}

interface Parent {
  id: string;
  timezone: string | null;
  /** The family's key: its events are the reminder's (ADR 026). */
  key: string;
}

/** One parent's reminder about tomorrow's events not reminded yet, if it is 6 pm or later for them. */
/** `db` is the directory (parents, devices); `rows`, the family's database (its events). */
async function remindParent(db: Db, rows: Db, sender: PushSender, parent: Parent, now: Date): Promise<number> {
  const timeZone = parent.timezone ?? "UTC";
  if (Number(wallClock(now, timeZone).slice(11, 13)) < REMINDER_HOUR) return 0;
  const today = localDate(now, timeZone);
  const tomorrow = addDays(today, 1);
  const span = { first: tomorrow, last: tomorrow, timeZone };
  // Reminded today means reminded for tomorrow; an earlier reminder was for an earlier day.
  const notForTomorrow = or(isNull(events.remindedAt), lt(events.remindedAt, zonedInstant(`${today}T00:00`, timeZone)));
  const due = await eventsOnDays(rows, parent.key, span, notForTomorrow);
  if (!due.length) return 0;
  const message = reminderMessage(due.map((e) => e.eventName));
  let delivered = 0;
  for (const member of await familyMemberIds(db, parent.key)) delivered += await pushToDevices(db, sender, member, message);
  if (!delivered) return 0; // try again on the next run
  const ids = due.map((e) => e.id);
  for (let i = 0; i < ids.length; i += 90) {
    await rows
      .update(events)
      .set({ remindedAt: now, ...eventRevision() })
      .where(familyEventsWithIds(parent.key, ids.slice(i, i + 90)));
  }
  return delivered;
}

export async function sendReminders(db: Db, env: Env, now: Date): Promise<{ pushed: number }> {
  const sender = choosePush(env);
  if (!sender) return { pushed: 0 };
  let pushed = 0;
  // An event is reminded once for the family: each parent's devices hear of it at the first parent's 6 pm.
  for (const parent of await premiumParents(db, { withDevices: true })) pushed += await remindParent(db, familyDb(env, parent), sender, parent, now);
  return { pushed };
}

/**
 * Development's "send it now" (the local push service's page): the cron's
 * reminder for one Premium parent, as at 6 pm today in their zone when it is
 * earlier than that. Still once per event and day.
 */
export async function remindNow(db: Db, env: Env, userId: string, now = new Date()): Promise<{ pushed: number }> {
  const sender = choosePush(env);
  const parent = (await premiumParents(db)).find((p) => p.id === userId);
  if (!sender || !parent) return { pushed: 0 };
  const timeZone = parent.timezone ?? "UTC";
  const evening = zonedInstant(`${localDate(now, timeZone)}T${REMINDER_HOUR}:00`, timeZone);
  return { pushed: await remindParent(db, familyDb(env, parent), sender, parent, now < evening ? evening : now) };
}
