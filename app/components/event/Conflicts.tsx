/**
 * spec §2/§6 calendar conflicts: for a parent with Google Calendar ('gcal')
 * the day's calendar events from GET /api/calendar/{date}; otherwise an
 * 'Allow Access' button to /join/calendar (shown but inert in the tutorial). A failed fetch is logged, the list
 * cleared and the panel says 'No events found' (spec §8).
 */
import { useEffect, useState } from "react";
import { Button, ButtonLink } from "~/components/ui/Button";
import { afterNextFrame } from "~/lib/own-task";

interface CalendarEvent {
  id: string;
  summary: string;
  conflict?: boolean;
}

export function Conflicts({ day, connected, demo, version }: { day: string; connected: boolean; demo: boolean; version: number }) {
  const [list, setList] = useState<{ events: CalendarEvent[]; count: number } | null>(null);

  useEffect(() => {
    if (!connected || demo) return;
    // Asked once the drawer is on screen: the request's script ran before its first frame.
    return afterNextFrame(() => {
      const controller = new AbortController();
      fetch(`/api/calendar/${day}`, { credentials: "include", signal: controller.signal })
        .then(async (response) => {
          const body = response.ok ? ((await response.json()) as { events?: CalendarEvent[]; count?: number }) : null;
          if (!body?.events) throw new Error(`Calendar answered ${response.status}`);
          setList({ events: body.events, count: body.count ?? body.events.length });
        })
        .catch((error) => {
          if (controller.signal.aborted) return;
          console.error("Failed to fetch calendar events", error);
          setList({ events: [], count: 0 });
        });
      return () => controller.abort();
    });
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- a new version (after a like or hide) asks for a fresh list
  }, [day, connected, demo, version]);

  return (
    <section aria-label="Calendar" className="flex flex-col gap-2 rounded-field bg-sunken p-4">
      <h3 className="text-callout font-semibold text-ink">Your calendar</h3>
      {!connected ? (
        <>
          <p className="text-footnote text-ink-soft">See what else is on this day.</p>
          {demo ? (
            // The tutorial never navigates (spec §2): the button is shown, not followed.
            <Button look="secondary" disabled>
              Allow Access
            </Button>
          ) : (
            <ButtonLink to="/join/calendar" look="secondary">
              Allow Access
            </ButtonLink>
          )}
        </>
      ) : list === null ? (
        <p className="text-footnote text-ink-faint">…</p>
      ) : list.events.length === 0 ? (
        <p className="text-footnote text-ink-soft">No events found</p>
      ) : (
        <ul className="flex flex-col gap-1 text-callout text-ink">
          {list.events.map((event) => (
            <li key={event.id} className={event.conflict ? "font-semibold text-danger" : ""}>
              {event.summary}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
