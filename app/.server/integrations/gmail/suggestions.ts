/**
 * "Suggested for you" for a parent who just connected Gmail (spec §2.4):
 * Cubby has stored none of their mail yet, so it reads the headers of their
 * recent Gmail (From and List-Id only, never a body) and keeps the senders
 * that look like a school, teacher, district, club or the platforms they use,
 * with how many mails each sent.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { familyDb } from "../../family/data";
import { membershipOf } from "../../family/membership";
import { senderAddresses } from "../../db/schema";
import { withGoogleAccess } from "../google/access";
import { chooseGmail } from "./choose";
import { schoolSenders, type SenderHeaders } from "./school-senders";

/** Recent enough to be this school year's senders, few enough to stay a handful of requests. */
export const SUGGESTION_QUERY = "newer_than:90d -in:chats -in:sent";
export const SUGGESTION_SAMPLE = 100;

export async function suggestFromGmail(db: Db, env: Env, userId: string): Promise<number> {
  const gmail = chooseGmail(env, userId);
  const senders = await withGoogleAccess(db, env, userId, "gmail", async (token) => {
    const list = await gmail.listMessages(token, SUGGESTION_QUERY);
    const headers: SenderHeaders[] = [];
    for (const ref of (list.messages ?? []).slice(0, SUGGESTION_SAMPLE)) {
      const message = await gmail.getMessageHeaders(token, ref.id);
      const value = (name: string) => message.payload.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
      const from = value("From");
      if (from) headers.push({ from, listId: value("List-Id") ?? null });
    }
    return schoolSenders(headers);
  });
  const home = await membershipOf(db, userId);
  const { key } = home;
  // The grant was the directory's; the senders are the family's rows.
  const rows = familyDb(env, home);
  for (const sender of senders) {
    await rows
      .insert(senderAddresses)
      .values({ userId: key, address: sender.address, senderName: sender.name, gmailCount: sender.count })
      .onConflictDoUpdate({
        target: [senderAddresses.userId, senderAddresses.address],
        set: { gmailCount: sender.count, senderName: sql`CASE WHEN ${senderAddresses.senderName} = '' THEN ${sender.name} ELSE ${senderAddresses.senderName} END` },
      });
  }
  return senders.length;
}
