/**
 * /focus: the parent's feed, from today on. This frame loads the events
 * (spec §7 `GET /api/events`; a 401 goes to /) and lays them out by day; the
 * full feed model (months, weather, the latest card) builds on it.
 */
import { useEffect, useState } from "react";
import { Outlet } from "react-router";
import { useProfile } from "~/components/session/SignedIn";
import { CalendarIcon } from "~/components/ui/icons";
import { monthLabel } from "~/lib/dates";
import { upcomingDays, type FeedEvent } from "~/lib/event";
import { DayBlock } from "./DayBlock";
import { EventTileLink } from "./EventTile";
import { deviceTimeZone, useHydrated, useToday, type FeedOutlet } from "./feed-context";
import { FeedFooter } from "./FeedFooter";
import { TopNav } from "./TopNav";

function dayOf(key: string) {
  const [year, month, day] = key.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

function useEvents(): FeedEvent[] | null {
  const [events, setEvents] = useState<FeedEvent[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/events", { credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (response.status === 401) return window.location.assign("/");
        if (!response.ok) throw new Error(`Events answered ${response.status}`);
        const body = (await response.json()) as { events: FeedEvent[] };
        setEvents(body.events);
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        // spec §8: other failures are logged only.
        console.error("Failed to fetch events", error);
        setEvents([]);
      });
    return () => controller.abort();
  }, []);
  return events;
}

/** spec §7: the browser's zone is saved when the profile has none. */
function useSaveTimeZone(missing: boolean) {
  useEffect(() => {
    if (!missing) return;
    fetch("/api/timezone", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ timezone: deviceTimeZone() }),
    }).catch((error) => console.error("Failed to save time zone", error));
  }, [missing]);
}

/** Nothing coming up yet: say where events will come from. */
function EmptySchedule() {
  return (
    <div className="mt-6 flex flex-col items-center gap-3 rounded-card bg-surface px-6 py-8 text-center shadow-card">
      <span className="flex size-14 items-center justify-center rounded-[18px] bg-sun-soft text-[#b7791f]">
        <CalendarIcon size={28} />
      </span>
      <h2 className="text-headline text-ink">Nothing coming up yet</h2>
      <p className="text-callout text-ink-soft">
        Events appear here, day by day, as Cubby finds them in your school and sports emails.
      </p>
    </div>
  );
}

export function FocusFeed() {
  const hydrated = useHydrated();
  const { state } = useProfile();
  const events = useEvents();
  useSaveTimeZone(state.status === "ready" && !state.profile.timezone);

  const timeZone = state.profile?.timezone || (hydrated ? deviceTimeZone() : "UTC");
  const today = useToday(timeZone);
  const days = today ? upcomingDays(events ?? [], today, timeZone) : [];
  const outlet: FeedOutlet = { events, timeZone, feedPath: "/focus", demo: false, today: today ?? "" };

  return (
    <>
      <TopNav title={today ? monthLabel(dayOf(today)) : "Cubby"} />
      <main className="mx-auto w-full max-w-md px-safe pt-4">
        {today && events ? (
          <div className="flex flex-col gap-5">
            {days.map(({ day, events: dayEvents }) => (
              <DayBlock key={day} day={dayOf(day)} isToday={day === today}>
                {dayEvents.map((event) => (
                  <EventTileLink key={event._id} event={event} timeZone={timeZone} to={`event/${event._id}`} />
                ))}
              </DayBlock>
            ))}
            {days.every((day) => day.events.length === 0) ? <EmptySchedule /> : null}
          </div>
        ) : (
          <div aria-busy="true" aria-label="Loading your schedule" className="flex gap-4">
            <div className="h-15 w-12 shrink-0 animate-pulse rounded-field bg-sunken" />
            <div className="h-15 flex-1 animate-pulse rounded-field bg-sunken" />
          </div>
        )}
        <FeedFooter />
      </main>
      <Outlet context={outlet} />
    </>
  );
}
