import { and, eq } from "drizzle-orm";
import { database } from "~/.server/db/client";
import { forwardingAddresses } from "~/.server/db/schema";

/**
 * Inbound mail to `<username>@INBOUND_DOMAIN`. This stays thin: find the parent,
 * refuse strangers, and hand the message to the ingest path.
 */
export async function receiveEmail(message: ForwardableEmailMessage, env: Env): Promise<void> {
  const recipient = message.to.trim().toLowerCase();
  const db = database(env);
  const owner = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.address, recipient),
  });
  if (!owner) {
    message.setReject(`No Cubby inbox at ${recipient}.`);
    return;
  }
  if (!owner.active) {
    await db
      .update(forwardingAddresses)
      .set({ active: true })
      .where(and(eq(forwardingAddresses.id, owner.id), eq(forwardingAddresses.active, false)));
  }
}
