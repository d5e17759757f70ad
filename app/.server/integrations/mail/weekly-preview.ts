/**
 * The weekly preview e-mail (Premium, spec §4 "Weekly preview toggle", §9
 * "6 pm on Sunday"): the coming seven days of the parent's events, sent to
 * them and to their parenting partner once the partner confirmed the address. The cron sends it once per Sunday
 * (users.weeklyPreviewSentOn); GET /api/mail/weeklypreview sends one now.
 */
import { eq } from "drizzle-orm";
import { addDays, dayParts, weekdayOf } from "~/lib/calendar-day";
import { formatDay, formatTimeRange } from "~/lib/dates";
import { isPremium } from "~/lib/subscription";
import { localDate, wallClock } from "~/lib/time-zone";
import type { Db } from "../../db/client";
import { familyDb } from "../../family/data";
import { users } from "../../db/schema";
import { config } from "../../env";
import { familyAddresses, membershipOf } from "../../family/membership";
import { premiumParents } from "../../family/premium";
import { sha256Hex } from "../../auth/crypto";
import { isServiceFailure } from "../http";
import { eventsOnDays } from "../local-day-events";
import { chooseMail } from "./choose";
import { listUnsubscribeHeaders, unsubscribeLink, type PreviewCopy } from "./list-unsubscribe";

export const PREVIEW_HOUR = 18;
const PREVIEW_DAYS = 7;

/** Text a parent or a mail wrote, made safe to put in a mail's HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Days `first` … `first + 6` and the parent's visible events on each, in their zone. */
async function weekOf(db: Db, userId: string, first: string, timeZone: string) {
  const rows = await eventsOnDays(db, userId, { first, last: addDays(first, PREVIEW_DAYS - 1), timeZone });
  const days = Array.from({ length: PREVIEW_DAYS }, (_, i) => addDays(first, i));
  return days.map((day) => ({
    day,
    events: rows
      .filter((e) => e.day === day)
      // spec §4: timed events before all-day ones, each by start.
      .toSorted((a, b) => Number(b.dateTime) - Number(a.dateTime) || a.start.localeCompare(b.start)),
  }));
}

/** The footer's way out: the same link as the List-Unsubscribe header, for mail clients without the button. */
export interface UnsubscribeFooter {
  link: string;
  label: string;
}

const UNSUBSCRIBE_LABEL: Record<PreviewCopy, string> = {
  parent: "Turn off weekly previews",
  partner: "Stop getting these emails",
};

export function previewMail(
  week: Awaited<ReturnType<typeof weekOf>>,
  timeZone: string,
  appUrl: string,
  unsubscribe: UnsubscribeFooter | null = null,
) {
  const first = formatDay(dayParts(week[0]!.day));
  const last = formatDay(dayParts(week.at(-1)!.day));
  const subject = `Your week ahead: ${first} – ${last}`;
  const lines: string[] = [];
  const blocks: string[] = [];
  for (const { day, events: list } of week) {
    const title = formatDay(dayParts(day));
    const rows = list.map((e) => {
      const time = e.dateTime ? formatTimeRange(new Date(e.start), e.end ? new Date(e.end) : null, timeZone) : "All day";
      return { time, name: e.eventName, where: e.location };
    });
    lines.push(title, ...(rows.length ? rows.map((r) => `  ${r.time}  ${r.name}${r.where ? ` (${r.where})` : ""}`) : ["  No Events Today"]), "");
    blocks.push(
      `<h3 style="margin:16px 0 4px">${escapeHtml(title)}</h3>` +
        (rows.length
          ? `<ul style="margin:0;padding-left:18px">${rows
              .map((r) => `<li><strong>${escapeHtml(r.time)}</strong> ${escapeHtml(r.name)}${r.where ? ` <em>${escapeHtml(r.where)}</em>` : ""}</li>`)
              .join("")}</ul>`
          : `<p style="margin:0;color:#666">No Events Today</p>`),
    );
  }
  const link = `${appUrl}/focus`;
  const footer = "Check important dates. AI can make mistakes.";
  const leaveText = unsubscribe ? `${unsubscribe.label}: ${unsubscribe.link}\n` : "";
  const leaveHtml = unsubscribe
    ? `<p style="color:#666;font-size:12px"><a href="${escapeHtml(unsubscribe.link)}" style="color:#666">${escapeHtml(unsubscribe.label)}</a></p>`
    : "";
  return {
    subject,
    text: `${subject}\n\n${lines.join("\n")}Open Cubby: ${link}\n\n${footer}\n${leaveText}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:560px">${blocks.join("")}<p style="margin-top:24px"><a href="${escapeHtml(link)}">Open Cubby</a></p><p style="color:#666;font-size:12px">${footer}</p>${leaveHtml}</div>`,
  };
}

/**
 * One logical send: this week's preview, this copy, these words, and for a
 * preview the parent asked for, that request. A cron run that failed halfway
 * and is retried sends the same mail under the same key, which the provider
 * does not send again; a preview whose events changed since is a new mail
 * with a new key (a reused key with another body would be refused).
 */
async function previewKey(
  userId: string,
  firstDay: string,
  requestId: string | null,
  mail: { to: string; subject: string; text: string; html: string },
) {
  const digest = await sha256Hex(JSON.stringify([requestId, mail.to, mail.subject, mail.text, mail.html]));
  return `weekly-preview/${userId}/${firstDay}/${digest.slice(0, 16)}`;
}

/**
 * Sends the preview of the week from `firstDay` to the parent and their
 * partner; answers how many went out. `requestId` marks a send the parent
 * asked for (each press is a mail of its own); the cron's has none.
 */
export async function sendWeeklyPreview(
  db: Db,
  env: Env,
  userId: string,
  firstDay?: string,
  requestId: string | null = null,
): Promise<number> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  const sender = chooseMail(env, db);
  if (!user || !sender) throw new Error("Mail is not configured");
  const timeZone = user.timezone ?? "UTC";
  const first = firstDay ?? addDays(localDate(new Date(), timeZone), 1);
  const home = await membershipOf(db, userId);
  const { key } = home;
  // The week's events are the family's rows; everything else here is the directory's.
  const week = await weekOf(familyDb(env, home), key, first, timeZone);
  // The partner only once they confirmed the address (app/.server/partner.ts), and not when
  // they joined the family: then they get their own preview, as they chose (ADR 026).
  const inFamily = (await familyAddresses(db, key)).map((a) => a.toLowerCase());
  const partner = user.partnerConfirmedAt && !inFamily.includes(user.partnerEmail ?? "") ? user.partnerEmail : null;
  const copies: { to: string; copy: PreviewCopy }[] = [{ to: user.email, copy: "parent" }];
  if (partner && partner !== user.email) copies.push({ to: partner, copy: "partner" });
  for (const { to, copy } of copies) {
    const link = await unsubscribeLink(env, userId, copy, user.partnerEmail);
    const mail = previewMail(week, timeZone, config(env).APP_URL, link ? { link, label: UNSUBSCRIBE_LABEL[copy] } : null);
    await sender.send({
      userId,
      to,
      kind: "weekly-preview",
      ...mail,
      idempotencyKey: await previewKey(userId, first, requestId, { to, ...mail }),
      ...(link ? { headers: listUnsubscribeHeaders(link) } : {}),
    });
  }
  return copies.length;
}

/**
 * The cron's part: Premium parents who turned previews on, at or after 6 pm on
 * Sunday in their zone, once that Sunday. The week previewed starts Monday.
 */
export async function sendWeeklyPreviews(db: Db, env: Env, now: Date): Promise<{ sent: number }> {
  if (!chooseMail(env, db)) return { sent: 0 };
  const parents = await premiumParents(db);
  let sent = 0;
  for (const parent of parents) {
    if (!isPremium(parent.status) || parent.preferences.weeklyPreview !== true) continue;
    const timeZone = parent.timezone ?? "UTC";
    const local = wallClock(now, timeZone);
    const today = local.slice(0, 10);
    const sunday = weekdayOf(today) === 0;
    if (!sunday || Number(local.slice(11, 13)) < PREVIEW_HOUR || parent.sentOn === today) continue;
    try {
      sent += await sendWeeklyPreview(db, env, parent.id, addDays(today, 1));
    } catch (error) {
      // The provider is down: the next run (15 minutes later) tries this parent again.
      if (!isServiceFailure(error)) throw error;
      console.warn("Weekly preview failed", error.service, error.status ?? "unreachable");
      continue;
    }
    await db.update(users).set({ weeklyPreviewSentOn: today }).where(eq(users.id, parent.id));
  }
  return { sent };
}
