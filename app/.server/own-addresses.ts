/**
 * A parent's other mailboxes (issue 31): a parent who forwards from a work
 * account finds those forwards under "From someone new" (ADR 016). Accepting
 * one asks whether the forwarding address is theirs; if it is, it is kept as
 * one of their own: trusted from then on, like their sign-in address, and
 * proof that their forwarding works (spec §4 "Forwarding address").
 *
 * Only an address that really forwarded one of the family's messages can be
 * claimed: the message names it, the request never does.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { forwardingAddresses, messages, ownAddresses } from "./db/schema";
import { forwardingMailbox } from "./ingest/sender-trust";

/**
 * `family`: the family's data and key; `directory`: where the parent's own rows are. Returns the
 * address kept, or null when the message is not the family's or was not forwarded from a mailbox.
 */
export async function confirmOwnAddress(
  directory: Db,
  family: { db: Db; key: string },
  userId: string,
  messageId: string,
): Promise<string | null> {
  const message = await family.db.query.messages.findFirst({
    where: and(eq(messages.id, messageId), eq(messages.userId, family.key)),
    columns: { envelopeFrom: true, senderAddress: true, subject: true, status: true },
  });
  const address = message && message.status !== "held" ? forwardingMailbox(message) : null;
  if (!address) return null;
  await directory.batch([
    directory.insert(ownAddresses).values({ userId, address }).onConflictDoNothing(),
    directory.update(forwardingAddresses).set({ active: true }).where(eq(forwardingAddresses.userId, userId)),
  ]);
  return address;
}
