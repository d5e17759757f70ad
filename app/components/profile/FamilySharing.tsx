/**
 * The family under the Parenting Partner row (ADR 026): who shares this
 * parent's feed, invitations on their way, and invitations waiting for this
 * parent — accepted by bringing their own kids and events or starting clean.
 */
import { useState } from "react";
import { AlertIcon } from "~/components/ui/icons";
import { CheckIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { postJson } from "~/lib/post-json";
import type { Family } from "./use-family";

const ACTION =
  "inline-flex min-h-touch items-center justify-center rounded-button px-3 text-footnote font-semibold transition active:scale-[0.98] disabled:opacity-50";
const PRIMARY = `${ACTION} flex-1 bg-ink text-on-ink`;
const SECONDARY = `${ACTION} flex-1 border border-line-strong bg-surface text-ink`;
const QUIET = `${ACTION} text-danger`;

const del = (path: string) => () => fetch(path, { method: "DELETE", credentials: "include" });

type Confirming = { kind: "remove"; userId: string; email: string } | { kind: "leave"; owner: string } | null;

export function FamilySharing({
  me,
  family,
  hasData,
  onChanged,
}: {
  me: string;
  family: Family | null;
  /** The parent has kids or events of their own: joining asks whether to bring them. */
  hasData: boolean;
  onChanged: () => void;
}) {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  if (!family) return null;
  const myRole = family.members.find((m) => m.userId === me)?.role ?? "owner";
  const others = family.members.filter((m) => m.userId !== me);
  const owner = family.members.find((m) => m.role === "owner");

  async function act(request: () => Promise<Response>, done: { title: string; description?: string }) {
    if (busy) return;
    setBusy(true);
    try {
      const response = await request();
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        showToast(errorToast(typeof body?.error === "string" ? body.error : UNEXPECTED_ERROR));
        return;
      }
      showToast({ icon: <CheckIcon />, ...done });
      onChanged();
    } catch (error) {
      console.error("Family change failed", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    } finally {
      setBusy(false);
    }
  }

  const accept = (id: string, from: string, bring: "mine" | "none") =>
    act(() => postJson(`/api/family/invites/${id}/accept`, { bring }), {
      title: "You joined the family",
      description: `You now share ${from}'s feed.`,
    });

  if (!family.incoming.length && !others.length && !family.invites.length) return null;
  return (
    <div className="flex flex-col gap-3">
      {family.incoming.map((invite) => (
        <div key={invite.id} className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card">
          <p className="text-body break-words text-ink">
            <span className="font-semibold">{invite.from}</span> invited you to share their family: the same feed, kids and
            messages.
          </p>
          {hasData ? (
            <p className="text-footnote text-ink-soft">
              Bring your kids and events into it, or start clean: yours are then deleted.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2" aria-busy={busy}>
            <button type="button" className={PRIMARY} disabled={busy} onClick={() => void accept(invite.id, invite.from, "mine")}>
              {hasData ? "Join & bring mine" : "Join"}
            </button>
            {hasData ? (
              <button type="button" className={SECONDARY} disabled={busy} onClick={() => void accept(invite.id, invite.from, "none")}>
                Join & start clean
              </button>
            ) : null}
            <button
              type="button"
              className={QUIET}
              disabled={busy}
              onClick={() => void act(del(`/api/family/invites/${invite.id}`), { title: "Invitation declined" })}
            >
              Decline
            </button>
          </div>
        </div>
      ))}

      {others.length || family.invites.length ? (
        <ul aria-label="Your family" className="flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card">
          {others.map((member) => (
            <li key={member.userId} className="flex min-h-touch items-center gap-3 px-4 py-3">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-body break-all text-ink">{member.email}</span>
                <span className="text-footnote text-ink-soft">
                  {member.role === "owner" ? "Shares their feed with you" : "Sees your family's feed"}
                </span>
              </span>
              {myRole === "owner" ? (
                <button
                  type="button"
                  className={QUIET}
                  disabled={busy}
                  onClick={() => setConfirming({ kind: "remove", userId: member.userId, email: member.email })}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
          {family.invites.map((invite) => (
            <li key={invite.id} className="flex min-h-touch items-center gap-3 px-4 py-3">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-body break-all text-ink">{invite.email}</span>
                <span className="text-footnote text-ink-soft">Invitation sent</span>
              </span>
              <button
                type="button"
                className={QUIET}
                disabled={busy}
                onClick={() => void act(del(`/api/family/invites/${invite.id}`), { title: "Invitation withdrawn" })}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {myRole === "partner" && owner ? (
        <button type="button" className={`${QUIET} self-start`} disabled={busy} onClick={() => setConfirming({ kind: "leave", owner: owner.email })}>
          Leave family
        </button>
      ) : null}

      <Prompt
        open={confirming?.kind === "remove"}
        icon={<AlertIcon size={40} />}
        title="Remove from family"
        description={confirming?.kind === "remove" ? `${confirming.email} will no longer see your family's feed.` : ""}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        onConfirm={() => {
          if (confirming?.kind !== "remove") return;
          setConfirming(null);
          void act(del(`/api/family/members/${confirming.userId}`), { title: "Removed from your family" });
        }}
        onCancel={() => setConfirming(null)}
      />
      <Prompt
        open={confirming?.kind === "leave"}
        icon={<AlertIcon size={40} />}
        title="Leave family"
        description={confirming?.kind === "leave" ? `The family's feed stays with ${confirming.owner}; yours starts empty.` : ""}
        confirmLabel="Leave"
        cancelLabel="Cancel"
        onConfirm={() => {
          setConfirming(null);
          void act(del(`/api/family/members/${me}`), { title: "You left the family" });
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
