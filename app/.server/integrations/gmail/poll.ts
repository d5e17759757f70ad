/**
 * Reading followed senders' mail from Gmail (spec §1 option A: "Only emails
 * from followed addresses are scanned"). The cron asks Gmail only for mail
 * from the parent's watchlist received since the last check, checks each
 * sender again against the watchlist, and sends each message down the same
 * path as forwarded mail (stored once per Gmail message id, within the
 * parent's tier, queued for extraction).
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messages, users, watchlist } from "../../db/schema";
import { familyDb } from "../../family/data";
import { membershipOf } from "../../family/membership";
import { readEml } from "../../extract/read/eml";
import { storeMessage } from "../../ingest/inbound";
import { readOrPark } from "../../ingest/monthly-reads";
import { fromBase64 } from "../../auth/crypto";
import { GoogleAccessRevoked, withGoogleAccess } from "../google/access";
import { isServiceFailure } from "../http";
import { chooseGmail } from "./choose";
import type { GmailProvider } from "./provider";
import { isFollowed } from "../../tagging/followed";

/**
 * A sender's first check looks this far back: a new connection, or a sender
 * just followed, brings the last month's news at once (issue 15).
 */
export const FIRST_LOOK_BACK_MS = 30 * 86_400_000;
/** Per parent per run; the rest waits for the next run (the watermark stays put). */
const MAX_MESSAGES_PER_RUN = 25;
/** Gmail queries grow with each sender; a few dozen per query stays well within its limits. */
const SENDERS_PER_QUERY = 20;
/**
 * List pages read per query per run (up to 500 ids each); pages left over
 * wait for the next run, the watermark staying put. Only a backlog of
 * thousands of matches since the last check reaches it.
 */
const MAX_LIST_PAGES = 5;

/**
 * Where each followed sender's check starts: the parent's last completed
 * check for senders followed before it, the last 30 days for senders never
 * checked (one watermark per parent would skip a newly followed sender's past).
 */
export function senderWindows(
  followed: readonly { address: string; createdAt: Date }[],
  lastCheck: Date | null,
  now: Date,
): { since: Date; senders: string[] }[] {
  const firstLook = new Date(now.getTime() - FIRST_LOOK_BACK_MS);
  const checked = followed.filter((f) => lastCheck && f.createdAt <= lastCheck).map((f) => f.address);
  const fresh = followed.filter((f) => !lastCheck || f.createdAt > lastCheck).map((f) => f.address);
  return [
    ...(checked.length ? [{ since: lastCheck!, senders: checked }] : []),
    ...(fresh.length ? [{ since: firstLook, senders: fresh }] : []),
  ];
}

export function senderQueries(followed: readonly string[], since: Date): string[] {
  const after = Math.floor(since.getTime() / 1000);
  const queries: string[] = [];
  for (let i = 0; i < followed.length; i += SENDERS_PER_QUERY) {
    queries.push(`from:(${followed.slice(i, i + SENDERS_PER_QUERY).join(" OR ")}) after:${after}`);
  }
  return queries;
}

/** Gmail's id is the key: a message is fetched and stored once, however often it is listed. */
const keyOf = (gmailId: string) => `gmail:${gmailId}`;

/** Which of these Gmail ids are not stored yet. */
async function notStored(db: Db, userId: string, ids: string[]): Promise<string[]> {
  const fresh: string[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const known = await db
      .select({ key: messages.messageKey })
      .from(messages)
      .where(and(eq(messages.userId, userId), inArray(messages.messageKey, chunk.map(keyOf))));
    const stored = new Set(known.map((k) => k.key));
    fresh.push(...chunk.filter((id) => !stored.has(keyOf(id))));
  }
  return fresh;
}

/**
 * Matching messages not stored yet, at most a run's worth; `more` when some
 * had to wait. Gmail answers a page at a time, newest first: the pages are
 * followed, or older matches would never be read once the watermark moved.
 */
async function newMessageIds(db: Db, userId: string, gmail: GmailProvider, token: string, queries: string[]) {
  const fresh = new Set<string>();
  let more = false;
  for (const query of queries) {
    if (fresh.size > MAX_MESSAGES_PER_RUN) {
      more = true; // a run's worth already: the other senders wait too
      break;
    }
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const answer = await gmail.listMessages(token, query, pageToken);
      for (const id of await notStored(db, userId, (answer.messages ?? []).map((ref) => ref.id))) fresh.add(id);
      pageToken = answer.nextPageToken;
      pages += 1;
    } while (pageToken && pages < MAX_LIST_PAGES && fresh.size <= MAX_MESSAGES_PER_RUN);
    // Pages not read yet hold mail not fetched yet.
    if (pageToken) more = true;
  }
  const ids = [...fresh];
  return { ids: ids.slice(0, MAX_MESSAGES_PER_RUN), more: more || ids.length > MAX_MESSAGES_PER_RUN };
}

/** One parent's check; answers how many new messages were stored. */
export async function pollParentGmail(db: Db, env: Env, userId: string, now: Date): Promise<number> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (user?.emailProvider !== "gmail") return 0;
  // The parent's own Gmail, the family's followed senders and mail (ADR 026).
  const home = await membershipOf(db, userId);
  const { key } = home;
  // The parent, their grant and watermark are the directory's; followed senders and mail, the family's.
  const family = familyDb(env, home);
  const rows = await family
    .select({ address: watchlist.address, createdAt: watchlist.createdAt })
    .from(watchlist)
    .where(eq(watchlist.userId, key));
  if (!rows.length) return 0;
  const followed = rows.map((r) => r.address);
  const queries = senderWindows(rows, user.gmailCheckedAt, now).flatMap((w) => senderQueries(w.senders, w.since));
  const gmail = chooseGmail(env, userId);

  const { stored, more } = await withGoogleAccess(db, env, userId, "gmail", async (token) => {
    let count = 0;
    const found = await newMessageIds(family, key, gmail, token, queries);
    for (const id of found.ids) {
      const message = await gmail.getRawMessage(token, id);
      const bytes = fromBase64(message.raw);
      // PDFs are read in the queue job, within page and time limits (pdf-attachments.ts).
      const document = await readEml(bytes, { pdfs: "keep" });
      // Gmail's search is fuzzy ('from:' also matches display names): check the sender ourselves.
      if (!document.from || !isFollowed(document.from.address, followed)) continue;
      const saved = await storeMessage(family, env.MAIL_STORE, { userId: key, messageKey: keyOf(message.id), document, raw: bytes, via: "gmail" });
      if (saved.duplicate) continue;
      count += 1;
      await readOrPark(env, home, saved.id);
    }
    return { stored: count, more: found.more };
  });
  // With mail still waiting, the watermark stays so the next run lists it again.
  if (!more) await db.update(users).set({ gmailCheckedAt: now }).where(eq(users.id, userId));
  return stored;
}

/**
 * One parent's check where a failure is expected weather, not a bug: revoked
 * access clears the connection (inside withGoogleAccess), Gmail down leaves
 * the watermark for the next run.
 */
export async function checkParentGmail(db: Db, env: Env, userId: string, now: Date): Promise<number> {
  try {
    return await pollParentGmail(db, env, userId, now);
  } catch (error) {
    if (error instanceof GoogleAccessRevoked) return 0;
    if (!isServiceFailure(error)) throw error;
    console.warn("Gmail check failed", error.service, error.status ?? "unreachable");
    return 0;
  }
}

/**
 * The cron's part: every parent with Gmail connected, each on their own. Whether their family
 * follows anyone is the family's database's to say (a directory query cannot join it), so a
 * parent who follows no one costs one read of an empty list.
 */
export async function pollGmail(db: Db, env: Env, now: Date): Promise<{ stored: number }> {
  const parents = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.emailProvider), eq(users.emailProvider, "gmail")));
  let stored = 0;
  for (const parent of parents) stored += await checkParentGmail(db, env, parent.id, now);
  return { stored };
}
