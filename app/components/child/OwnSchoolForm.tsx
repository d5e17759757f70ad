/**
 * "My school isn't listed" on Pick a school (issue 15): the parent types the
 * school's name and, if they have it, the school's calendar link. The school
 * becomes theirs (found only by them) and is saved to the child; the link is
 * read at once and then every day, like a directory school's calendar.
 */
import { useState, type FormEvent } from "react";
import { useHint } from "~/components/onboarding/use-hint";
import { Button } from "~/components/ui/Button";
import { CalendarLinkField } from "~/components/calendars/CalendarLinkField";
import { TextField } from "~/components/ui/TextField";
import { UNEXPECTED_ERROR } from "~/components/ui/toast-context";
import { normaliseCalendarLink } from "~/lib/calendar-link";
import { errorText } from "~/lib/calendar-links";
import { postJson } from "~/lib/post-json";
import type { School } from "~/lib/profile";
import { checkSchoolQuery } from "~/lib/school";

export function OwnSchoolForm({
  initialName,
  onAdded,
  onCancel,
}: {
  initialName: string;
  /** `withCalendar`: a calendar link came with it (and was read). */
  onAdded: (school: School, eventsCreated: number, withCalendar: boolean) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [link, setLink] = useState("");
  const [nameHint, showNameHint] = useHint();
  const [linkHint, showLinkHint] = useHint();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const named = checkSchoolQuery(name);
    if (!named.ok) return showNameHint(named.message);
    const calendar = link.trim() ? normaliseCalendarLink(link) : null;
    if (calendar && !calendar.ok) return showLinkHint(calendar.message);
    setSaving(true);
    try {
      const response = await postJson("/api/schools", { name: named.q, ...(calendar ? { calendarUrl: link.trim() } : {}) });
      if (!response.ok) {
        const message = (await errorText(response)) ?? UNEXPECTED_ERROR;
        return calendar ? showLinkHint(message) : showNameHint(message);
      }
      const body = (await response.json()) as { school: School; totalEventsCreated: number };
      onAdded(body.school, body.totalEventsCreated, Boolean(calendar));
    } catch (error) {
      console.error("Failed to add the school", error);
      showNameHint(UNEXPECTED_ERROR);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      aria-label="My school isn't listed"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card"
    >
      <h2 className="text-headline font-semibold text-ink">My school isn't listed</h2>
      <TextField
        label="School name"
        autoComplete="off"
        maxLength={100}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          showNameHint(null);
        }}
        invalid={Boolean(nameHint)}
        message={nameHint}
        disabled={saving}
      />
      <CalendarLinkField
        label="Calendar link (optional)"
        value={link}
        onChange={(value) => {
          setLink(value);
          showLinkHint(null);
        }}
        invalid={Boolean(linkHint)}
        message={linkHint ?? "From the school's website: an iCal, ICS or webcal link, or a public Google Calendar."}
        disabled={saving}
      />
      <div className="flex gap-3">
        <Button look="quiet" className="flex-1" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button look="secondary" type="submit" className="flex-1" disabled={saving}>
          {saving ? "Adding…" : "Add School"}
        </Button>
      </div>
    </form>
  );
}
