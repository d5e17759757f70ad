/**
 * The held messages of "From someone new" (ADR 016) and what the parent
 * decides about each: loaded only once something waits (ADR 012).
 */
import { useState } from "react";
import { CheckIcon } from "~/components/ui/screen-icons";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { MailIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { postJson } from "~/lib/post-json";
import type { HeldMessage, OwnAddressQuestion } from "./FromSomeoneNew";
import { Section } from "./Section";

const ACTION =
  "inline-flex min-h-touch flex-1 items-center justify-center rounded-button px-3 text-footnote font-semibold transition active:scale-[0.98]";

export function HeldMail({
  held,
  onDecided,
  onAccepted,
  asking,
  onAsk,
}: {
  held: HeldMessage[];
  /** The message no longer waits. */
  onDecided: (id: string) => void;
  onAccepted?: () => void;
  /** The own-address question open now, if any; `onAsk(null)` closes it. */
  asking: OwnAddressQuestion | null;
  onAsk: (question: OwnAddressQuestion | null) => void;
}) {
  const showToast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  async function decide(message: HeldMessage, decision: "accept" | "follow" | "discard") {
    if (busy) return;
    setBusy(message._id);
    try {
      const response =
        decision === "discard"
          ? await fetch(`/api/messages/${message._id}`, { method: "DELETE", credentials: "include" })
          : await postJson(`/api/messages/${message._id}/accept`, { follow: decision === "follow" });
      // 404: already decided elsewhere (another tab); either way it no longer waits.
      if (!response.ok && response.status !== 404) throw new Error(`Deciding held mail answered ${response.status}`);
      onDecided(message._id);
      if (decision !== "discard" && response.ok) {
        showToast({
          icon: <CheckIcon />,
          title: decision === "follow" ? "Sender followed" : "Message accepted",
          description: "Cubby is reading it now.",
        });
        onAccepted?.();
        const { ownAddress } = (await response.json().catch(() => ({}))) as { ownAddress?: string | null };
        if (ownAddress) onAsk({ messageId: message._id, address: ownAddress });
      }
    } catch (error) {
      console.error("Failed to decide held mail", error);
    } finally {
      setBusy(null);
    }
  }

  /** Yes: the address is kept as the parent's own, trusted from now on; forwarding from it works. */
  async function claim(question: OwnAddressQuestion) {
    onAsk(null);
    try {
      const response = await postJson(`/api/messages/${question.messageId}/own-address`, {});
      if (!response.ok) throw new Error(`Own address answered ${response.status}`);
      showToast({ icon: <CheckIcon />, title: "Address added", description: `Mail you forward from ${question.address} now goes straight into Cubby.` });
      onAccepted?.();
    } catch (error) {
      console.error("Failed to add own address", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    }
  }

  return (
    <>
      {held.length ? <HeldList held={held} busy={busy} decide={(message, decision) => void decide(message, decision)} /> : null}
      <Prompt
        open={asking !== null}
        icon={<MailIcon size={40} />}
        title="Is this your address?"
        description={`${asking?.address ?? ""} forwarded this message. If it's one of yours, mail you forward from it will go straight into Cubby.`}
        confirmLabel="Yes, it's mine"
        cancelLabel="No"
        onConfirm={() => asking && void claim(asking)}
        onCancel={() => onAsk(null)}
      />
    </>
  );
}

function HeldList({
  held,
  busy,
  decide,
}: {
  held: HeldMessage[];
  busy: string | null;
  decide: (message: HeldMessage, decision: "accept" | "follow" | "discard") => void;
}) {
  return (
    <Section title="From someone new">
      <p className="px-1 text-footnote text-ink-soft">
        Mail from senders you don't follow waits here. Nothing in it reaches your feed until you accept it.
      </p>
      <ul aria-label="From someone new" className="flex flex-col gap-3">
        {held.map((message) => (
          <li key={message._id} className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card">
            <div className="flex min-w-0 flex-col">
              <span className="text-callout font-semibold break-words text-ink">
                {message.senderInfo.sender || message.senderInfo.address}
              </span>
              {message.senderInfo.sender ? (
                <span className="text-footnote break-all text-ink-soft">{message.senderInfo.address}</span>
              ) : null}
              <span className="mt-1 text-body break-words text-ink">{message.subject || "(no subject)"}</span>
            </div>
            {/* Wraps at large text sizes instead of pushing Discard off the screen. */}
            <div className="flex flex-wrap gap-2" aria-busy={busy === message._id}>
              <button
                type="button"
                className={`${ACTION} bg-ink text-on-ink`}
                disabled={busy !== null}
                onClick={() => decide(message, "accept")}
              >
                Accept
              </button>
              <button
                type="button"
                className={`${ACTION} border border-line-strong bg-surface text-ink`}
                disabled={busy !== null}
                onClick={() => decide(message, "follow")}
              >
                Accept &amp; Follow
              </button>
              <button
                type="button"
                className={`${ACTION} text-danger`}
                disabled={busy !== null}
                onClick={() => decide(message, "discard")}
              >
                Discard
              </button>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
