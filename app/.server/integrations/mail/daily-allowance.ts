/**
 * How many mails a parent may have Cubby send on request in one UTC day
 * (weekly previews sent now, partner confirmations). The Sunday cron's preview
 * is not counted: it goes once a week by itself. Without a bound a parent
 * could make Cubby mail any address over and over with titles they wrote.
 */
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export const MAIL_SENDS_PER_DAY = 3;
export const MAIL_LIMIT_REACHED = `You can send ${MAIL_SENDS_PER_DAY} emails a day. Please try again tomorrow.`;

/**
 * Counts one send if today's allowance has room, in one statement so that
 * parallel requests cannot both take the last one. False when none is left.
 */
export async function takeMailSend(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const today = now.toISOString().slice(0, 10);
  const taken = await db
    .update(users)
    .set({
      mailSends: sql`case when ${users.mailSendsOn} = ${today} then ${users.mailSends} + 1 else 1 end`,
      mailSendsOn: today,
    })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.mailSendsOn), ne(users.mailSendsOn, today), lt(users.mailSends, MAIL_SENDS_PER_DAY)),
      ),
    )
    .returning({ id: users.id });
  return taken.length > 0;
}
