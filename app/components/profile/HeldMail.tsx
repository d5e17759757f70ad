/**
 * The held messages of "From someone new" (ADR 016) and what the parent
 * decides about each: loaded only once something waits (ADR 012).
 */
import { useState } from "react";
import { CheckIcon } from "~/components/ui/screen-icons";
import { useToast } from "~/components/ui/toast-context";
import { postJson } from "~/lib/post-json";
import type { HeldMessage } from "./FromSomeoneNew";
import { Section } from "./Section";

const ACTION =
  "inline-flex min-h-touch flex-1 items-center justify-center rounded-button px-3 text-footnote font-semibold transition active:scale-[0.98]";

export function HeldMail({
  held,
  onDecided,
  onAccepted,
}: {
  held: HeldMessage[];
  /** The message no longer waits. */
  onDecided: (id: string) => void;
  onAccepted?: () => void;
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
      }
    } catch (error) {
      console.error("Failed to decide held mail", error);
    } finally {
      setBusy(null);
    }
  }

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
            <div className="flex gap-2" aria-busy={busy === message._id}>
              <button
                type="button"
                className={`${ACTION} bg-ink text-on-ink`}
                disabled={busy !== null}
                onClick={() => void decide(message, "accept")}
              >
                Accept
              </button>
              <button
                type="button"
                className={`${ACTION} border border-line-strong bg-surface text-ink`}
                disabled={busy !== null}
                onClick={() => void decide(message, "follow")}
              >
                Accept &amp; Follow
              </button>
              <button
                type="button"
                className={`${ACTION} text-danger`}
                disabled={busy !== null}
                onClick={() => void decide(message, "discard")}
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
