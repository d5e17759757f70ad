/**
 * /focus/event/:id and /tutorial/event/:id: the event drawer over the feed
 * (spec §2 "Event drawer"). Opening an event marks it seen (spec §4); like
 * saves it to Google Calendar (or asks to connect one); hide takes a reason;
 * the children line corrects whose event it is. In demo mode every change
 * stays on the device, and hide and the children picker are disabled.
 */
import { startTransition, useCallback, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { Route } from "./+types/event";
import { ChildPicker } from "~/components/event/ChildPicker";
import { EventDetails } from "~/components/event/EventDetails";
import { HideMenu, type DislikeReason } from "~/components/event/HideMenu";
import { useAnswerUnsure } from "~/components/feed/UnsureDates";
import { useChildCorrection } from "~/components/event/use-child-correction";
import { useDrawerChanges } from "~/components/event/use-drawer-changes";
import { isOffline, offlineToast } from "~/components/offline/connection";
import { useFeed } from "~/components/feed/feed-context";
import { OVER_THE_FEED } from "~/components/feed/open-in-feed";
import { useProfile } from "~/components/session/SignedIn";
import { DragSheet } from "~/components/ui/DragSheet";
import { CalendarIcon } from "~/components/ui/icons";
import { BoltIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { errorToast, useToast } from "~/components/ui/toast-context";
import { dayParts } from "~/lib/calendar-day";
import { formatDay } from "~/lib/dates";
import { shortName } from "~/lib/feed/drag";
import { apiId } from "~/lib/feed/item";
import { afterNextFrame } from "~/lib/own-task";
import { postJson } from "~/lib/post-json";

export const meta: Route.MetaFunction = () => [{ title: "Event · Cubby" }];

/** A refusal is a failure too (spec §8: logged only), not a quiet success. */
function answered(call: string) {
  return (response: Response) => {
    if (!response.ok) throw new Error(`${call} answered ${response.status}`);
  };
}

export default function EventDrawer() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { events, timeZone, feedPath, demo, profile, update, weather } = useFeed();
  const { refresh: refreshProfile } = useProfile();
  const inFeed = events?.find((candidate) => candidate._id === id) ?? events?.find((candidate) => candidate.id === id);
  // A like or a child picked shows here at once; the feed behind takes it as a transition.
  const { event, change } = useDrawerChanges(inFeed, demo ? undefined : update);
  const [askConnect, setAskConnect] = useState(false);
  const [conflictsVersion, setConflictsVersion] = useState(0);
  const close = useCallback(() => navigate(feedPath, OVER_THE_FEED), [navigate, feedPath]);
  const calendarConnected = profile?.calendarProvider === "gcal";

  // An event the feed does not have (any more) has nothing to show: back to the feed.
  useEffect(() => {
    if (events && !inFeed) close();
  }, [events, inFeed, close]);

  const eventId = event ? apiId(event) : null;
  const correction = useChildCorrection(eventId, event?.taggedPeople ?? [], change);
  const answerUnsure = useAnswerUnsure(demo ? undefined : update);
  const seen = event?.firstView ?? true;
  useEffect(() => {
    if (!eventId || seen) return;
    // Not drawn in the drawer: the feed's tile and badge take it as a transition, once the drawer is on screen.
    return afterNextFrame(() => {
      startTransition(() => update?.(eventId, { firstView: true }));
      if (demo) return;
      postJson(`/api/events/${encodeURIComponent(eventId)}/firstview`, { firstView: true })
        .then(answered("First view"))
        .catch((error) => console.error("Failed to mark event as seen", error));
    });
  }, [eventId, seen, demo, update]);

  if (!event || !eventId) return null;

  async function like() {
    if (!event || !eventId) return;
    const toggle = !event.like;
    if (!demo && isOffline()) return toast(offlineToast(toggle ? "Adding to Google Calendar" : "Removing from Google Calendar"));
    if (!demo && !calendarConnected) return setAskConnect(true);
    (change ?? update)?.(eventId, { like: toggle });
    const what = `${shortName(event.eventName)} on ${formatDay(dayParts(event.day))}`;
    const saved = () =>
      toast({ icon: <BoltIcon size={22} />, title: toggle ? "Added to Google Calendar" : "Removed from Google Calendar", description: what });
    if (demo) return saved();
    try {
      const response = await postJson(`/api/events/${encodeURIComponent(eventId)}/like`, { toggle });
      if (response.status === 409) {
        // Google access was withdrawn: the server has let the connection go; so
        // do we, and the parent is asked to connect again (spec §6 prompt).
        change?.(eventId, { like: !toggle });
        void refreshProfile();
        return setAskConnect(true);
      }
      if (!response.ok) throw new Error(`Like answered ${response.status}`);
      saved();
      setConflictsVersion((n) => n + 1);
    } catch (error) {
      console.error("Failed to like event", error);
      change?.(eventId, { like: !toggle });
      toast(errorToast("Oops, this event wasn't added to Google Calendar", 22));
    }
  }

  function dislike(toggle: boolean, reason: DislikeReason | null) {
    if (!eventId || demo) return;
    if (isOffline()) return toast(offlineToast(toggle ? "Hiding an event" : "Showing an event again"));
    update?.(eventId, { dislike: toggle, dislikeReason: reason });
    postJson(`/api/events/${encodeURIComponent(eventId)}/dislike`, { toggle, dislikeReason: reason })
      .then(answered("Dislike"))
      .then(() => setConflictsVersion((n) => n + 1))
      .catch((error) => console.error("Failed to hide event", error));
    if (toggle) close();
  }

  return (
    <>
      <DragSheet
        label={event.eventName}
        kind="drawer"
        onClose={close}
        header={<HideMenu hidden={event.dislike} disabled={demo} onHide={(reason) => dislike(true, reason)} onUnhide={() => dislike(false, null)} />}
      >
        <EventDetails
          event={event}
          timeZone={timeZone}
          childLine={
            <ChildPicker
              kids={profile?.children ?? []}
              taggedPeople={event.taggedPeople}
              disabled={demo}
              busy={correction.saving}
              onSave={correction.correct}
            />
          }
          weather={weather?.get(event.day) ?? null}
          calendarConnected={calendarConnected}
          demo={demo}
          conflictsVersion={conflictsVersion}
          onLike={like}
          onAnswerUnsure={(action) => {
            answerUnsure(event, action);
            if (action === "hide") close();
          }}
          onOpenSource={(sourceId, line) =>
            navigate(`${feedPath}/message/${encodeURIComponent(sourceId)}${line ? `?line=${encodeURIComponent(line)}` : ""}`, OVER_THE_FEED)
          }
        />
      </DragSheet>
      <Prompt
        open={askConnect}
        icon={<CalendarIcon size={40} />}
        title="Save to Google Calendar"
        confirmLabel="Connect"
        cancelLabel="Try Later"
        onConfirm={() => navigate("/join/calendar")}
        onCancel={() => setAskConnect(false)}
      />
    </>
  );
}
