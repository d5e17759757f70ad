/**
 * /tutorial: the feed in demo mode (spec §2 "Tutorial overlay", §4 "Demo
 * mode"). One sample event and one sample message, made on the device; the
 * parent taps the event, sees its details, and is sent on to their own feed.
 * Nothing here calls the server until the parent leaves, when the tutorial is
 * marked as seen.
 */
import { useState } from "react";
import { Outlet, useNavigate } from "react-router";
import { ReadyCheck } from "~/components/onboarding/ReadyCheck";
import { EventDetails } from "~/components/event/EventDetails";
import { MessageCard } from "~/components/message/MessageCard";
import { useProfile } from "~/components/session/SignedIn";
import { DragSheet } from "~/components/ui/DragSheet";
import { BoltIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { useToast } from "~/components/ui/toast-context";
import { useHydrated } from "~/components/ui/use-hydrated";
import { dayParts } from "~/lib/calendar-day";
import { formatDay } from "~/lib/dates";
import { shortName } from "~/lib/feed/drag";
import { welcomeEvent } from "~/lib/demo";
import { welcomeView } from "~/components/message/welcome-view";
import { monthTitle } from "~/lib/feed/format";
import { toItem, type FeedItem } from "~/lib/feed/item";
import { postJson } from "~/lib/post-json";
import { DayBlock } from "./DayBlock";
import { EventTileButton } from "./EventTile";
import { useToday, type FeedOutlet } from "./feed-context";
import { deviceTimeZone } from "~/lib/device-time-zone";
import { FeedFooter } from "./FeedFooter";
import { TopNav } from "./TopNav";

/** spec §9: the demo fades out for 600 ms before the feed appears. */
export const DEMO_EXIT_MS = 600;

type Stage = "coach" | "event" | "message" | "done";

export function TutorialFeed() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { state, refresh } = useProfile();
  const [stage, setStage] = useState<Stage>("coach");
  const [leaving, setLeaving] = useState(false);

  const timeZone = state.profile?.timezone || (hydrated ? deviceTimeZone() : "UTC");
  const today = useToday(timeZone);
  const [liked, setLiked] = useState(false);
  const toast = useToast();
  const [openedAt] = useState(() => Date.now());
  const event: FeedItem | null = today
    ? { ...toItem(welcomeEvent(today), { timeZone, today, now: openedAt }), like: liked, firstView: stage !== "coach" }
    : null;
  const outlet: FeedOutlet = {
    events: event ? [event] : null,
    timeZone,
    feedPath: "/tutorial",
    demo: true,
    today: today ?? "",
  };

  // Demo mode: local data only, but the same words as a real like.
  function like() {
    if (!event) return;
    toast({
      icon: <BoltIcon size={22} />,
      title: liked ? "Removed from Google Calendar" : "Added to Google Calendar",
      description: `${shortName(event.eventName)} on ${formatDay(dayParts(event.day))}`,
    });
    setLiked((value) => !value);
  }

  function exit() {
    if (leaving) return;
    setLeaving(true);
    // Demo mode off: remember the tutorial was seen (failures are only logged, spec §8).
    // The save runs on while the parent moves on: /focus never sends anyone back here.
    void postJson("/api/user/preferences", { preferences: { firstViewTutorial: true } })
      .then(() => refresh())
      .catch((error) => console.error("Failed to update preferences", error));
    // spec §2: back on /focus after the 600 ms fade, however long the save takes.
    setTimeout(() => navigate("/focus", { replace: true }), DEMO_EXIT_MS);
  }

  return (
    <div
      className="transition-opacity ease-out"
      style={{ opacity: leaving ? 0 : 1, transitionDuration: `${DEMO_EXIT_MS}ms` }}
    >
      <TopNav title={today ? monthTitle(today.slice(0, 7)) : "Cubby"} headingLevel={2} profile={false} />
      {/* The Tutorial bar is part of the main content, so its heading sits in a landmark. */}
      <main className="mx-auto w-full max-w-md px-safe pt-3">
        <div className="flex items-center justify-between gap-3 rounded-card bg-ink py-2 pr-2 pl-5 text-on-ink shadow-float">
          <h1 className="font-display text-headline">Tutorial</h1>
          <button
            type="button"
            onClick={exit}
            className="min-h-touch rounded-full px-4 text-callout font-semibold text-on-ink/80 hover:text-on-ink"
          >
            Skip
          </button>
        </div>

        <div className="pt-16">
          {today && event ? (
            <DayBlock day={today} isToday>
              <div className="relative">
                {stage === "coach" ? (
                  <p
                    className="absolute -top-12 left-1/2 z-10 -translate-x-1/2 animate-float rounded-full bg-sun px-4 py-2 text-callout font-semibold whitespace-nowrap text-[#2a221d] shadow-float after:absolute after:top-full after:left-1/2 after:-ml-1.5 after:border-6 after:border-transparent after:border-t-sun"
                  >
                    Tap event for details
                  </p>
                ) : null}
                <div className="relative">
                  <EventTileButton event={event} timeZone={timeZone} onOpen={() => setStage("event")} />
                  {/* Only the ring pulses: pulsing the tile itself faded its text below 4.5:1 half the time. */}
                  {stage === "coach" ? (
                    <span aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-field ring-4 ring-sun/60 motion-safe:animate-pulse" />
                  ) : null}
                </div>
              </div>
            </DayBlock>
          ) : null}
          <FeedFooter />
        </div>
      </main>

      {stage === "event" && event ? (
        <DragSheet label={event.eventName} kind="drawer" onClose={() => setStage("done")}>
          <EventDetails
            event={event}
            timeZone={timeZone}
            calendarConnected={false}
            demo
            onLike={like}
            onOpenSource={() => setStage("message")}
          />
        </DragSheet>
      ) : null}
      {stage === "message" && today ? (
        <DragSheet label="Welcome to Cubby message" kind="card" onClose={() => setStage("done")}>
          <MessageCard view={welcomeView(today, event?.eventName)} timeZone={timeZone} />
        </DragSheet>
      ) : null}
      <Prompt
        open={stage === "done" && !leaving}
        icon={<ReadyCheck size={72} />}
        title="You Got It!"
        description="Now it's time for your schedule"
        confirmLabel="Continue"
        onConfirm={exit}
      />
      <Outlet context={outlet} />
    </div>
  );
}
