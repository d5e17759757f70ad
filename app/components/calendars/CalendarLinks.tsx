/**
 * "Calendars" on the profile (issue 15): the school and club calendar links
 * the parent added, each with how many events it brought and a way to remove
 * it (its events leave the feed), and a form to add another. Cubby reads each
 * link again every day.
 */
import { useEffect, useState, type FormEvent } from "react";
import { CARD, RowButton } from "~/components/profile/Section";
import { useHint } from "~/components/onboarding/use-hint";
import { Button, IconButton } from "~/components/ui/Button";
import { AlertIcon, CalendarIcon, CloseIcon } from "~/components/ui/icons";
import { CheckIcon, PlusSquareIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { TextField } from "~/components/ui/TextField";
import { CalendarLinkField } from "./CalendarLinkField";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { calendarLinkSite, normaliseCalendarLink } from "~/lib/calendar-link";
import { addCalendarLink, listCalendarLinks, removeCalendarLink, type CalendarLink } from "~/lib/calendar-links";

/** spec §8's count message once a calendar brought new events; a quiet confirmation otherwise. */
export function calendarAddedToast(created: number) {
  return created > 0
    ? { icon: <CalendarIcon />, title: "Success", description: `Great! We found ${created} new events` }
    : { icon: <CheckIcon />, title: "Calendar added", description: "Cubby reads it every day for new events." };
}

function eventsNote(count: number): string {
  return count === 1 ? "1 event" : `${count} events`;
}

export function CalendarLinks() {
  const showToast = useToast();
  const [links, setLinks] = useState<CalendarLink[] | null>(null);
  const [removing, setRemoving] = useState<CalendarLink | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listCalendarLinks(controller.signal)
      .then(setLinks)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("Failed to load calendars", error);
      });
    return () => controller.abort();
  }, []);

  async function remove(link: CalendarLink) {
    setRemoving(null);
    try {
      if (!(await removeCalendarLink(link._id))) throw new Error("Removing the calendar failed");
      setLinks((current) => (current ?? []).filter((entry) => entry._id !== link._id));
      showToast({ icon: <CheckIcon />, title: "Calendar removed", description: `${link.name || calendarLinkSite(link.url)} and its events are gone.` });
    } catch (error) {
      console.error("Failed to remove calendar", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    }
  }

  return (
    <>
      {links && links.length > 0 ? (
        <ul aria-label="Your calendars" className={CARD}>
          {links.map((link) => (
            <li key={link._id} className="flex min-h-touch items-center gap-3 py-2 pr-1 pl-4">
              <CalendarIcon size={20} className="shrink-0 text-ink-faint" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-callout font-semibold text-ink">{link.name || calendarLinkSite(link.url)}</span>
                <span className="truncate text-footnote text-ink-soft">
                  {calendarLinkSite(link.url)} · {eventsNote(link.eventsCount)}
                </span>
              </span>
              <IconButton label={`Remove ${link.name || calendarLinkSite(link.url)}`} className="text-ink-soft" onClick={() => setRemoving(link)}>
                <CloseIcon size={18} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <AddCalendarForm
          onAdded={(link, created) => {
            setAdding(false);
            setLinks((current) => [...(current ?? []), link]);
            showToast(calendarAddedToast(created));
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div className={CARD}>
          <RowButton icon={<PlusSquareIcon size={22} />} onClick={() => setAdding(true)}>
            Add a School or Club Calendar
          </RowButton>
        </div>
      )}
      <Prompt
        open={removing !== null}
        icon={<AlertIcon size={40} />}
        title="Remove calendar"
        description="Its events leave your feed. You can add the link again later."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function AddCalendarForm({ onAdded, onCancel }: { onAdded: (link: CalendarLink, created: number) => void; onCancel: () => void }) {
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
