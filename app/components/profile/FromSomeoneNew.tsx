/**
 * "From someone new" (ADR 016): mail that reached the parent's Cubby address
 * from a sender they have not vouched for. Nothing in it is read until they
 * accept it; following the sender lets their later mail straight in. The
 * section is absent while nothing waits. Mail forwarded from what may be
 * another of the parent's own mailboxes asks, once accepted, whether it is
 * theirs (issue 31); the question outlives the list it came from.
 */
import { lazy, useEffect, useState } from "react";
import { WakingSection } from "~/components/ui/WakingSection";

export interface HeldMessage {
  _id: string;
  senderInfo: { sender: string; address: string };
  subject: string;
  creationDate: string;
}

/** An accepted message forwarded from `address`, which may be the parent's own. */
export interface OwnAddressQuestion {
  messageId: string;
  address: string;
}

// Usually nothing waits: the list and its actions load only when something does.
const HeldMail = lazy(() => import("./HeldMail").then((module) => ({ default: module.HeldMail })));

/** `fromServer`: what waits, as the profile's page brought it; without it the list is asked for. */
export function FromSomeoneNew({ fromServer, onAccepted }: { fromServer: HeldMessage[] | null; onAccepted?: () => void }) {
  const [held, setHeld] = useState<HeldMessage[]>(fromServer ?? []);
  const [asking, setAsking] = useState<OwnAddressQuestion | null>(null);

  useEffect(() => {
    if (fromServer) return;
    const controller = new AbortController();
    fetch("/api/messages/held", { credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Held mail answered ${response.status}`);
        setHeld(((await response.json()) as { messages: HeldMessage[] }).messages);
      })
      .catch((error) => {
        if (!controller.signal.aborted) console.error("Failed to load held mail", error);
      });
    return () => controller.abort();
  }, [fromServer]);

  if (!held.length && !asking) return null;
  return (
    <WakingSection>
      <HeldMail
        held={held}
        onDecided={(id) => setHeld((list) => list.filter((m) => m._id !== id))}
        onAccepted={onAccepted}
        asking={asking}
        onAsk={setAsking}
      />
    </WakingSection>
  );
}
