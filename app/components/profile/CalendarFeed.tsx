/**
 * "Subscribe in your calendar": the parent's calendar feed out (beyond the
 * spec, issue 13). The link copies like the forwarding address, opens in the
 * phone's calendar app as webcal://, and "Reset link" replaces it after a
 * confirmation, since whoever has the link sees the events.
 */
import { useEffect, useState } from "react";
import { CopyField } from "~/components/ui/CopyField";
import { AlertIcon, CalendarIcon } from "~/components/ui/icons";
import { CheckIcon, RefreshIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { webcalUrl } from "~/lib/calendar-feed-link";
import { postJson } from "~/lib/post-json";
import { CARD, RowAnchor, RowButton } from "./Section";

async function readLink(response: Response): Promise<string> {
  if (!response.ok) throw new Error(`The calendar link answered ${response.status}`);
  return webcalUrl(((await response.json()) as { url: string }).url);
}

/** `fromServer`: the link's https form as the profile's page brought it; without it the link is asked for. */
export function CalendarFeed({ fromServer }: { fromServer: string | null }) {
  const showToast = useToast();
  const [link, setLink] = useState<string | null>(fromServer && webcalUrl(fromServer));
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (fromServer) return;
    let current = true;
    fetch("/api/ics-link", { credentials: "include" })
      .then(readLink)
      .then((url) => current && setLink(url))
      .catch((error: unknown) => {
        console.error("Failed to load the calendar link", error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [fromServer]);

  async function reset() {
    setConfirming(false);
    try {
      setLink(await readLink(await postJson("/api/ics-link/reset", {})));
      showToast({ icon: <CheckIcon />, title: "Success", description: "Your calendar link has been reset." });
    } catch (error) {
      console.error("Failed to reset the calendar link", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    }
  }

  if (failed) return <p className="rounded-card bg-surface p-4 text-callout text-ink-soft shadow-card">{UNEXPECTED_ERROR}</p>;
  if (!link) return <div role="status" aria-label="Loading" className="h-[5.5rem] animate-pulse rounded-card bg-sunken" />;

  return (
    <>
      <CopyField label="Your calendar link" value={link} />
      <div className={CARD}>
        <RowAnchor href={link} icon={<CalendarIcon size={22} />}>
          Open in Calendar
        </RowAnchor>
        <RowButton icon={<RefreshIcon size={22} />} onClick={() => setConfirming(true)}>
          Reset link
        </RowButton>
      </div>
      <p className="px-1 text-footnote text-ink-soft">
        Apple Calendar, Outlook and Google Calendar show your events from this link and keep them up to date. Anyone with
        the link can see them.
      </p>
      <Prompt
        open={confirming}
        icon={<AlertIcon size={40} />}
        title="Reset link"
        description="Calendars subscribed with the current link will stop updating. Subscribe again with the new one."
        confirmLabel="Reset"
        cancelLabel="Cancel"
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
