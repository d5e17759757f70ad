/**
 * /focus: the parent's feed (spec §2 "Feed screen"). Loads the events and
 * builds the feed model; shows months of days, the Today pointer, the month
 * calendar, Latest Events with the message check's progress, and the URL
 * widget. The drawer and the message card render in the outlet.
 */
import { lazy, memo, startTransition, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { Outlet, useNavigate } from "react-router";
import { useOnline } from "~/components/offline/connection";
import { useOfflineCopy } from "~/components/offline/use-offline-copy";
import { useProfile } from "~/components/session/SignedIn";
import { CalendarIcon, CloudOffIcon } from "~/components/ui/icons";
import { PageNonce } from "~/components/ui/page-nonce";
import { useBrowserValue, useHydrated } from "~/components/ui/use-hydrated";
import { WakingSection } from "~/components/ui/WakingSection";
import { addDays } from "~/lib/calendar-day";
import { feedBuilder } from "~/lib/feed/build";
import { FIRST_DRAW_DAYS, type FirstScreen } from "~/lib/feed/first-screen";
import { monthTitle } from "~/lib/feed/format";
import { offlineLine } from "~/lib/feed/offline";
import { regionOfLocale, unitsForRegion } from "~/lib/feed/weather";
import { inOwnTask } from "~/lib/own-task";
import { postJson } from "~/lib/post-json";
import { dayElementId } from "./DayBlock";
import { useToday, type FeedOutlet } from "./feed-context";
import { deviceTimeZone } from "~/lib/device-time-zone";
import { FeedFooter } from "./FeedFooter";
import { KeepPlace } from "./KeepPlace";
import { MonthSection } from "./MonthSection";
import { OpenInFeedContext, OVER_THE_FEED } from "./open-in-feed";
import { TodayPointer } from "./TodayPointer";
import { TopNav } from "./TopNav";
import { UrlWidget } from "./UrlWidget";
import { unsureEvents } from "./unsure";
import { isPremium } from "~/lib/subscription";
import { useFeedItems } from "./use-feed-items";
import { useMessageCheck } from "./use-message-check";
import { WAITING_LINE_HEIGHT } from "./waiting-line";
import { useWeather } from "./use-weather";

// Opened by a tap, never part of the first screen: loaded then (ADR 012).
const CalendarTray = lazy(() => import("./CalendarTray").then((module) => ({ default: module.CalendarTray })));
const LatestEvents = lazy(() => import("./LatestEvents").then((module) => ({ default: module.LatestEvents })));
// Only while mail is read (or its check failed) does the top bar's ring show: it loads then.
const ProgressRing = lazy(() => import("./ProgressRing").then((module) => ({ default: module.ProgressRing })));
// Only when Cubby is unsure of a date does its list load (issue 30).
const UnsureDates = lazy(() => import("./UnsureDates").then((module) => ({ default: module.UnsureDates })));
// Only a Basic parent past the month's five reads has mail waiting: the line and its checkout load then.
const WaitingMail = lazy(() => import("./WaitingMail").then((module) => ({ default: module.WaitingMail })));

/**
 * spec §9 converts weather to °F and mph for 'f' and 'm'; a parent who never
 * chose gets their device region's units, saved once, as the zone is (use-save-time-zone.ts).
 */
function useSaveUnits(missing: boolean, region: string | null) {
  useEffect(() => {
    if (!missing || region === null) return;
    return inOwnTask(() => {
      postJson("/api/user/preferences", { preferences: unitsForRegion(region) }).catch((error) =>
        console.error("Failed to update preferences", error),
      );
    });
  }, [missing, region]);
}

function deviceRegion(): string {
  return regionOfLocale(navigator.language);
}

/**
 * spec §9: the push token is registered again after 7 days; the feed is where
 * parents come back. Only a device with reminders allowed has one to refresh,
 * so only there is the push code loaded.
 */
function useFreshPushToken() {
  useEffect(
    () =>
      inOwnTask(() => {
        if (!("Notification" in window) || Notification.permission !== "granted") return;
        import("~/components/push/push-client")
          .then(({ refreshPush }) => refreshPush())
          .catch((error) => console.error("Failed to refresh the push token", error));
      }),
    [],
  );
}

/** The month whose section is under the top nav, as the parent scrolls. */
function useVisibleMonth(shown: number, fallback: string): string {
  const [month, setMonth] = useState<string | null>(null);
  useEffect(() => {
    if (!shown) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      // The last section whose top has passed the line under the nav.
      let current: string | null = null;
      for (const section of document.querySelectorAll<HTMLElement>("[data-month]")) {
        if (section.getBoundingClientRect().top <= 140) current = section.dataset.month ?? null;
        else break;
      }
      if (current) setMonth(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [shown]);
  return month ?? fallback;
}

/**
 * Months to draw: today's month and the next at first; one more month on a
 * side when the parent scrolls near that end (or picks a day there). A year
 * of tiles drawn at once is seconds of main-thread work on a phone.
 */
function useMonthWindow<T extends { month: string }>(months: readonly T[] | null, todayMonth: string | undefined) {
  const [extra, setExtra] = useState({ before: 0, after: 0 });
  const list = useMemo(() => months ?? [], [months]);
  let index = todayMonth ? list.findIndex((m) => m.month >= todayMonth) : 0;
  if (index < 0) index = list.length - 1;
  const first = Math.max(0, index - extra.before);
  const last = Math.min(list.length, index + 2 + extra.after);
  const grow = useCallback((side: "before" | "after") => {
    startTransition(() => setExtra((current) => ({ ...current, [side]: current[side] + 1 })));
  }, []);
  const include = useCallback(
    (month: string) => {
      const at = list.findIndex((m) => m.month === month);
      if (at < 0) return;
      setExtra((current) => ({
        before: Math.max(current.before, index - at),
        after: Math.max(current.after, at - index - 1),
      }));
    },
    [list, index],
  );
  return { shown: list.slice(first, last), moreBefore: first > 0, moreAfter: last < list.length, grow, include };
}

/**
 * The feed opens drawing today and the three weeks after it (on the server
 * too, from the page's first-screen events); the rest of the months is drawn
 * when the parent scrolls near the end or picks a later day. Less to send, to
 * lay out before the first paint and to hydrate, and what comes later is
 * below the screen.
 */
function useFirstDrawLimit(today: string | null) {
  const [limited, setLimited] = useState(true);
  const drawAll = useCallback(() => startTransition(() => setLimited(false)), []);
  return { drawUntil: limited && today ? addDays(today, FIRST_DRAW_DAYS) : null, drawAll };
}

/** Calls `onNear` while the sentinel is within a screen of the viewport. */
function Sentinel({ onNear }: { onNear: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && onNear(), { rootMargin: "800px 0px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onNear]);
  return <div ref={element} aria-hidden="true" className="h-px" />;
}

function EmptySchedule() {
  return (
    <div className="mt-2 flex flex-col items-center gap-3 rounded-card bg-surface px-6 py-8 text-center shadow-card">
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

/** ADR 024: a quiet line under the top bar while the phone has no connection. */
function OfflineLine({ fetchedAt, timeZone }: { fetchedAt: number; timeZone: string }) {
  return (
    <p role="status" className="mx-auto flex w-full max-w-md items-center justify-center gap-1.5 px-safe pb-2 text-footnote text-ink-soft">
      <CloudOffIcon size={15} className="shrink-0 text-ink-faint" />
      {offlineLine(fetchedAt, timeZone)}
    </p>
  );
}

/**
 * How the feed opens the drawer and the message card over itself. A component of its own: React
 * Router's navigate reads the route's context, which changes on every navigation, so read in
 * the feed it drew the whole feed again each time a drawer opened or closed (ADR 034). This one
 * is drawn again alone; what it holds is not, and the navigate it hands down never changes.
 */
function OpenOverFeed({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const openInFeed = useMemo(() => ({ feedPath: "/focus", open: (path: string) => navigate(path, OVER_THE_FEED) }), [navigate]);
  return <OpenInFeedContext value={openInFeed}>{children}</OpenInFeedContext>;
}

/** Memoised: its route draws it again on every navigation, with the same page data (focus.tsx). */
export const FocusFeed = memo(function FocusFeed({ openedAt, firstScreen }: { openedAt: number; firstScreen: FirstScreen | null }) {
  const hydrated = useHydrated();
  const nonce = use(PageNonce);
  const { state } = useProfile();
  const profile = state.profile;
  const region = useBrowserValue<string | null>(deviceRegion, null);
  const unchosenUnits = state.status === "ready" && !profile?.preferences?.tempUnits;
  useSaveUnits(unchosenUnits, region);
  useFreshPushToken();

  const timeZone = profile?.timezone || (hydrated ? deviceTimeZone() : "UTC");
  const today = useToday(timeZone, openedAt);
  // "Now" for upcoming is when the feed opened; today itself follows the clock.
  const clock = useMemo(() => (today ? { timeZone, today, now: openedAt } : null), [timeZone, today, openedAt]);
  const { items, complete: wholeYear, update, refetch, firstRunEmpty, fetchedAt } = useFeedItems(clock, firstScreen, openedAt);
  const online = useOnline();
  useOfflineCopy(hydrated);
  // No way to Cubby (this may be the kept page): the kept events answer may be newer, and says when it was fetched.
  useEffect(() => {
    if (hydrated && !online) refetch();
  }, [hydrated, online, refetch]);
  // Each feed is built against the last one: a month whose tiles did not change keeps its group.
  const [buildFeedAgain] = useState(feedBuilder);
  const feed = useMemo(() => (items && clock ? buildFeedAgain(items, clock) : null), [buildFeedAgain, items, clock]);
  // Until the rest of the year arrives, the dot counts what the server counted over all of it.
  const newCount = wholeYear ? (feed?.newCount ?? 0) : (firstScreen?.newCount ?? 0);

  const firstRefetch = useRef(false);
  // How many times jobs had stored events when we last heard: a change means new or changed events.
  const lastStored = useRef<number | null>(null);
  const check = useMessageCheck(
    hydrated,
    (message) => {
      const before = lastStored.current;
      lastStored.current = message.stored;
      const complete = message.currentProgress >= message.totalProgress;
      if (before !== null) {
        if (message.stored !== before) refetch();
      } else if (complete && message.eventsCount > 0) refetch();
      else if (firstRunEmpty && !firstRefetch.current && message.currentProgress > 0 && message.eventsCount > 0) {
        firstRefetch.current = true;
        refetch();
      }
    },
    // Back in the foreground: whatever was stored meanwhile (the socket may have slept with the phone).
    refetch,
  );
  const regionUnits = unitsForRegion(region);
  const weather = useWeather(
    hydrated,
    timeZone,
    today,
    profile?.preferences?.tempUnits ?? regionUnits.tempUnits,
    profile?.preferences?.distUnits ?? regionUnits.distUnits,
  );

  const [calendarOpen, setCalendarOpen] = useState(false);
  const [latestOpen, setLatestOpen] = useState(false);
  const [activeDay, setActiveDay] = useState<string | null>(null);
  const todayMonth = today?.slice(0, 7);
  const { drawUntil, drawAll } = useFirstDrawLimit(today);
  const monthWindow = useMonthWindow(feed?.months ?? null, todayMonth);
  const shownMonths = monthWindow.shown;
  const visibleMonth = useVisibleMonth(shownMonths.length, todayMonth ?? "");
  const { grow } = monthWindow;
  const growBefore = useCallback(() => grow("before"), [grow]);
  const growAfter = useCallback(() => grow("after"), [grow]);
  // A picked day in a month not drawn yet: scrolled to after the render that draws it.
  const pendingDay = useRef<string | null>(null);
  useEffect(() => {
    const element = pendingDay.current ? document.getElementById(dayElementId(pendingDay.current)) : null;
    if (!element) return;
    element.scrollIntoView({ behavior: "smooth", block: "start" });
    pendingDay.current = null;
  });

  // Open on today, once the days are laid out. After hydration: a parent with no
  // saved zone gets the server's (UTC) today first, then the device's.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!hydrated || !feed || !today || scrolled.current) return;
    return inOwnTask(() => {
      scrolled.current = true;
      document.getElementById(dayElementId(today))?.scrollIntoView({ block: "start" });
    });
  }, [hydrated, feed, today]);

  const names = useMemo(() => new Map((profile?.children ?? []).map((child) => [child._id, child.firstName])), [profile]);
  const childNames = useCallback(
    (ids: readonly string[]) => ids.map((id) => names.get(id)).filter((name): name is string => Boolean(name)),
    [names],
  );
  const eventDays = useMemo(() => new Set(feed?.days.filter((d) => d.events.length).map((d) => d.day)), [feed]);

  const pickDay = (day: string) => {
    setActiveDay(day);
    setCalendarOpen(false);
    // The day may not be drawn yet: draw it, then scroll once it is there.
    drawAll();
    monthWindow.include(day.slice(0, 7));
    pendingDay.current = day;
  };

  const outlet: FeedOutlet = {
    // An overlay waits for the whole list: an event beyond the first screen is not "gone".
    events: wholeYear ? (feed?.items ?? null) : null,
    timeZone,
    feedPath: "/focus",
    demo: false,
    today: today ?? "",
    profile,
    update,
    refetch,
    weather,
  };
  const waitingMessages = profile?.waitingMessages ?? 0;
  const unsure = useMemo(() => (items && today ? unsureEvents(items, today, timeZone) : []), [items, today, timeZone]);
  // The lines under the top bar (mail waiting, unsure dates) push the days' sticky markers down.
  const navLines = (waitingMessages && !calendarOpen ? 1 : 0) + (unsure.length && !calendarOpen ? 1 : 0);
  const empty = feed ? feed.days.every((day) => day.events.length === 0) && feed.months.every((m) => !m.monthEvents.length) : false;

  return (
    <OpenOverFeed>
      <TopNav
        title={today ? monthTitle(visibleMonth || todayMonth!, todayMonth) : "Cubby"}
        calendar={today ? { expanded: calendarOpen, onToggle: () => setCalendarOpen((open) => !open) } : undefined}
        latest={{ unseen: newCount > 0, onOpen: () => setLatestOpen(true) }}
        // spec §2's event count and circular progress, on the feed while mail is read, and when the check failed.
        trailing={
          check.status === "progress" || check.status === "error" ? (
            <Suspense fallback={null}>
              <ProgressRing check={check} size={40} />
            </Suspense>
          ) : undefined
        }
      >
        {hydrated && !online ? <OfflineLine fetchedAt={fetchedAt} timeZone={timeZone} /> : null}
        {calendarOpen || waitingMessages < 1 ? null : (
          <WakingSection>
            <WaitingMail count={waitingMessages} />
          </WakingSection>
        )}
        {calendarOpen || unsure.length < 1 ? null : (
          <Suspense fallback={null}>
            <UnsureDates events={unsure} timeZone={timeZone} update={update} />
          </Suspense>
        )}
        {calendarOpen && today ? (
          <Suspense fallback={null}>
            <CalendarTray
              initialMonth={visibleMonth || todayMonth!}
              eventDays={eventDays}
              today={today}
              activeDay={activeDay ?? today}
              onPick={pickDay}
              onClose={() => setCalendarOpen(false)}
            />
          </Suspense>
        ) : null}
      </TopNav>
      {/* The waiting line makes the top bar taller: the days' sticky markers sit below it. */}
      <main
        className="mx-auto w-full max-w-md px-safe pb-24"
        style={{ "--nav-extra": navLines ? `calc(${navLines} * ${WAITING_LINE_HEIGHT})` : "0px" } as CSSProperties}
      >
        {today && feed ? (
          <KeepPlace>
            <div className="flex flex-col gap-2">
              {monthWindow.moreBefore ? <Sentinel onNear={growBefore} /> : null}
              {shownMonths.map((group) => (
                <MonthSection
                  key={group.month}
                  group={group}
                  today={today}
                  timeZone={timeZone}
                  weather={weather}
                  childNames={childNames}
                  drawUntil={drawUntil}
                />
              ))}
              {drawUntil ? <Sentinel onNear={drawAll} /> : monthWindow.moreAfter ? <Sentinel onNear={growAfter} /> : null}
              {empty ? <EmptySchedule /> : null}
              {/*
                The page opens on today before the JavaScript arrives. Where CSS can say so
                (scroll-initial-target, app.css opens-below-bar), the first layout does it; elsewhere
                this script does, and its forced layout of the whole feed is a long task on a phone.
                Runs only where the server drew the page.
              */}
              <script
                nonce={nonce}
                suppressHydrationWarning
                dangerouslySetInnerHTML={{
                  __html: `CSS.supports("scroll-initial-target","nearest")||document.getElementById(${JSON.stringify(dayElementId(today))})?.scrollIntoView({block:"start"})`,
                }}
              />
            </div>
          </KeepPlace>
        ) : (
          <div aria-busy="true" aria-label="Loading your schedule" className="flex gap-3 pt-8">
            <div className="h-15 w-12 shrink-0 animate-pulse rounded-field bg-sunken" />
            <div className="h-15 flex-1 animate-pulse rounded-field bg-sunken" />
          </div>
        )}
        <FeedFooter />
      </main>
      {today && feed ? <TodayPointer today={today} ready /> : null}
      <UrlWidget
        premium={isPremium(profile?.subscription?.subscriptionStatus)}
        onFound={refetch}
      />
      {latestOpen && feed && clock ? (
        <Suspense fallback={null}>
          <LatestEvents items={feed.items} clock={clock} newCount={newCount} check={check} onClose={() => setLatestOpen(false)} />
        </Suspense>
      ) : null}
      <Outlet context={outlet} />
    </OpenOverFeed>
  );
});
