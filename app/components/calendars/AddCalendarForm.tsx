/**
 * The profile's "Add a School or Club Calendar" form (issue 15): a calendar
 * link, checked here and read by the server, and an optional name.
 */
import { useState, type FormEvent } from "react";
import { useHint } from "~/components/onboarding/use-hint";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import { UNEXPECTED_ERROR } from "~/components/ui/toast-context";
import { normaliseCalendarLink } from "~/lib/calendar-link";
import { addCalendarLink, type CalendarLink } from "~/lib/calendar-links";
import { CalendarLinkField } from "./CalendarLinkField";

export function AddCalendarForm({ onAdded, onCancel }: { onAdded: (link: CalendarLink, created: number) => void; onCancel: () => void }) {
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [hint, showHint] = useHint();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const check = normaliseCalendarLink(url);
    if (!check.ok) return showHint(check.message);
    setSaving(true);
    try {
      const added = await addCalendarLink(url.trim(), name.trim() || undefined);
      if (!added.ok) return showHint(added.message ?? UNEXPECTED_ERROR);
      setUrl("");
      setName("");
      onAdded(added.calendar, added.totalEventsCreated);
    } catch (error) {
      console.error("Failed to add calendar", error);
      showHint(UNEXPECTED_ERROR);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card">
      <CalendarLinkField
        label="Calendar link"
        value={url}
        onChange={(value) => {
          setUrl(value);
          showHint(null);
        }}
        invalid={Boolean(hint)}
        message={hint ?? "An iCal, ICS or webcal link, or a public Google Calendar. Cubby reads it every day."}
        disabled={saving}
      />
      <TextField
        label="Name (optional)"
        placeholder="Soccer club, school, swim team…"
        autoComplete="off"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={saving}
      />
      <div className="flex gap-3">
        <Button look="quiet" className="flex-1" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button look="secondary" type="submit" className="flex-1" disabled={saving}>
          {saving ? "Reading…" : "Add Calendar"}
        </Button>
      </div>
    </form>
  );
}
