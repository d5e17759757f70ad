/**
 * The Parenting Partner address (spec §4 "Partner field", §5 "Partner email"):
 * Save appears once the value differs from the saved one; emptying it clears it.
 * A saved address gets weekly previews only once its owner confirms it by the
 * link Cubby mails them (app/.server/partner.ts), which the line below says.
 */
import { useState, type FormEvent } from "react";
import { CheckIcon } from "~/components/ui/screen-icons";
import { TextField } from "~/components/ui/TextField";
import { useToast } from "~/components/ui/toast-context";
import { postJson } from "~/lib/post-json";

export function PartnerEmail({
  saved,
  confirmed,
  invited,
  onSaved,
}: {
  saved: string | null;
  confirmed: boolean;
  /** The family invited someone or shares the feed already: the family list below says where things stand. */
  invited: boolean;
  onSaved: () => void;
}) {
  const showToast = useToast();
  const [value, setValue] = useState(saved ?? "");
  const [saving, setSaving] = useState(false);
  const changed = value.trim() !== (saved ?? "");

  async function save(event: FormEvent) {
    event.preventDefault();
    const partnerEmail = value.trim();
    // spec §5: empty with nothing saved sends nothing.
    if (saving || !changed || (!partnerEmail && !saved)) return;
    setSaving(true);
    try {
      const response = await postJson("/api/user/partner", { partnerEmail: partnerEmail || null });
      if (!response.ok) throw new Error(`Saving the partner answered ${response.status}`);
      showToast({ icon: <CheckIcon />, title: partnerEmail ? "Partner address saved" : "Partner address cleared" });
      onSaved();
    } catch (error) {
      console.error("Failed to save partner address", error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="rounded-card bg-surface p-4 shadow-card">
      <TextField
        label="Parenting Partner email"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        placeholder="partner@example.com"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        trailing={
          changed ? (
            <button type="submit" disabled={saving} className="min-h-touch rounded-[10px] px-3 text-callout font-semibold text-brand disabled:opacity-50">
              Save
            </button>
          ) : undefined
        }
      />
      {saved && !confirmed && !changed && !invited ? (
        <p className="text-footnote text-ink-soft">
          We emailed {saved} a link to confirm. Until they do, weekly previews go only to you.
        </p>
      ) : null}
    </form>
  );
}
