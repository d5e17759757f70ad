/**
 * The local GmailProvider: each parent's mailbox in memory. It understands
 * the one query shape Cubby sends (`from:(a@x.org OR school.org) after:<epoch
 * seconds>`), matching From addresses and domains as Gmail does, answers
 * newest first a page at a time with a nextPageToken, and answers 401 through
 * fakeGoogle for tokens Google would refuse.
 */
import { base64url } from "../../auth/crypto";
import { fakeGoogle } from "../google/fake-google";
import { ServiceRefused } from "../http";
import { SUGGESTION_HEADERS, type GmailProvider, type GmailRawMessage } from "./provider";

const SERVICE = "Gmail";
const mailboxes = new Map<string, GmailRawMessage[]>();
let nextId = 0;

function mailboxOf(userId: string): GmailRawMessage[] {
  let box = mailboxes.get(userId);
  if (!box) mailboxes.set(userId, (box = []));
  return box;
}

function fromAddress(raw: string): string {
  const header = /^From:(.*)$/im.exec(raw)?.[1] ?? "";
  return (/<([^>]+)>/.exec(header)?.[1] ?? header).trim().toLowerCase();
}

function decode(raw: string): string {
  const normal = raw.replaceAll("-", "+").replaceAll("_", "/");
  return new TextDecoder().decode(Uint8Array.from(atob(normal), (c) => c.charCodeAt(0)));
}

function matches(query: string, message: GmailRawMessage): boolean {
  const senders = /from:\(([^)]*)\)/.exec(query)?.[1]?.split(" OR ").map((s) => s.trim().toLowerCase());
  const after = Number(/after:(\d+)/.exec(query)?.[1] ?? 0);
  if (Number(message.internalDate) <= after * 1000) return false;
  const newerThanDays = Number(/newer_than:(\d+)d/.exec(query)?.[1] ?? 0);
  if (newerThanDays && Number(message.internalDate) <= Date.now() - newerThanDays * 86_400_000) return false;
  // No from: clause, as "Suggested for you" asks: every sender.
  if (!senders) return true;
  const from = fromAddress(decode(message.raw));
  return senders.some((s) => (s.includes("@") ? from === s : from.endsWith(`@${s}`) || from.endsWith(`.${s}`)));
}

/** Tests put mail into a parent's fake Gmail. */
export const fakeGmailStore = {
  deliver(userId: string, rfc822: string, receivedAt = new Date()): string {
    nextId += 1;
    const id = `fakemsg${nextId.toString(16).padStart(8, "0")}`;
    mailboxOf(userId).push({
      id,
      threadId: id,
      internalDate: String(receivedAt.getTime()),
      raw: base64url(new TextEncoder().encode(rfc822)),
    });
    return id;
  },
  fetched: [] as string[],
  /** Messages per list page (Gmail's maxResults); tests lower it to see paging. */
  pageSize: 100,
};

export function fakeGmail(userId: string): GmailProvider {
  return {
    async listMessages(accessToken, query, pageToken) {
      fakeGoogle.authorise(SERVICE, accessToken);
      const found = mailboxOf(userId)
        .filter((m) => matches(query, m))
        .toSorted((a, b) => Number(b.internalDate) - Number(a.internalDate));
      // The token is where the next page starts; Gmail's are opaque.
      const from = Number(pageToken ?? 0);
      const to = from + fakeGmailStore.pageSize;
      return {
        messages: found.slice(from, to).map(({ id, threadId }) => ({ id, threadId })),
        ...(to < found.length ? { nextPageToken: String(to) } : {}),
        resultSizeEstimate: found.length,
      };
    },
    async getMessageHeaders(accessToken, id) {
      fakeGoogle.authorise(SERVICE, accessToken);
      const message = mailboxOf(userId).find((m) => m.id === id);
      if (!message) throw new ServiceRefused(SERVICE, 404, { error: { code: 404, message: "Requested entity was not found." } });
      const head = decode(message.raw).split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
      const headers = SUGGESTION_HEADERS.flatMap((name) => {
        const value = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1];
        return value === undefined ? [] : [{ name, value: value.trim() }];
      });
      return { id, payload: { headers } };
    },
    async getRawMessage(accessToken, id) {
      fakeGoogle.authorise(SERVICE, accessToken);
      const message = mailboxOf(userId).find((m) => m.id === id);
      if (!message) throw new ServiceRefused(SERVICE, 404, { error: { code: 404, message: "Requested entity was not found." } });
      fakeGmailStore.fetched.push(id);
      return message;
    },
  };
}
