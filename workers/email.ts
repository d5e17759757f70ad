import { database } from "~/.server/db/client";
import { acceptInboundEmail } from "~/.server/ingest/inbound";

/**
 * Inbound mail to `<username>@INBOUND_DOMAIN`: thin on purpose. Storing and
 * queueing happen in `acceptInboundEmail`; extraction runs later in the queue.
 */
export async function receiveEmail(message: ForwardableEmailMessage, env: Env): Promise<void> {
  const result = await acceptInboundEmail(database(env), env, {
    from: message.from,
    to: message.to,
    rawSize: message.rawSize,
    raw: message.raw,
    messageIdHeader: message.headers.get("Message-ID"),
  });
  if (result.outcome === "rejected") message.setReject(result.reason);
}
