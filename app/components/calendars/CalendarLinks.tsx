/**
 * "Calendars" on the profile (issue 15): the school and club calendar links
 * the parent added, each with how many events it brought and a way to remove
 * it (its events leave the feed), and a form to add another. Cubby reads each
 * link again every day.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { CARD, RowButton } from "~/components/profile/Section";
import { IconButton } from "~/components/ui/Button";
import { AlertIcon, CalendarIcon, CloseIcon } from "~/components/ui/icons";
import { CheckIcon, PlusSquareIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { calendarLinkSite } from "~/lib/calendar-link";
import { listCalendarLinks, removeCalendarLink, type CalendarLink } from "~/lib/calendar-links";

// The form opens on a tap: loaded then (ADR 012).
const AddCalendarForm = lazy(() => import("./AddCalendarForm").then((module) => ({ default: module.AddCalendarForm })));

/** spec §8's count message once a calendar brought new events; a quiet confirmation otherwise. */
export function calendarAddedToast(created: number) {
  return created > 0
    ? { icon: <CalendarIcon />, title: "Success", description: `Great! We found ${created} new events` }
    : { icon: <CheckIcon />, title: "Calendar added", description: "Cubby reads it every day for new events." };
}

function eventsNote(count: number): string {
  return count === 1 ? "1 event" : `${count} events`;
}

/** `fromServer`: the links as the profile's page brought them; without them they are asked for. */
export function CalendarLinks({ fromServer }: { fromServer: CalendarLink[] | null }) {
  const showToast = useToast();
  const [links, setLinks] = useState<CalendarLink[] | null>(fromServer);
  const [removing, setRemoving] = useState<CalendarLink | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (fromServer) return;
    const controller = new AbortController();
    listCalendarLinks(controller.signal)
      .then(setLinks)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("Failed to load calendars", error);
      });
    return () => controller.abort();
  }, [fromServer]);

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
        <Suspense fallback={null}>
          <AddCalendarForm
            onAdded={(link, created) => {
              setAdding(false);
              setLinks((current) => [...(current ?? []), link]);
              showToast(calendarAddedToast(created));
            }}
            onCancel={() => setAdding(false)}
          />
        </Suspense>
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
