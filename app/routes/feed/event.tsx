/**
 * /focus/event/:id and /tutorial/event/:id: the event drawer over the feed
 * (spec §2 "Event drawer"). Opening an event marks it seen (spec §4).
 */
import { useCallback, useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import type { Route } from "./+types/event";
import { EventDetails } from "~/components/event/EventDetails";
import { useFeed } from "~/components/feed/feed-context";
import { Sheet } from "~/components/ui/Sheet";

export const meta: Route.MetaFunction = () => [{ title: "Event · Cubby" }];

export default function EventDrawer() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { events, timeZone, feedPath, demo } = useFeed();
  const event = events?.find((candidate) => candidate._id === id || candidate.id === id);
  const close = useCallback(() => navigate(feedPath), [navigate, feedPath]);

  // An event the feed does not have (any more) has nothing to show: back to the feed.
  useEffect(() => {
    if (events && !event) close();
  }, [events, event, close]);

  useEffect(() => {
    if (!event || event.firstView || demo) return;
    fetch(`/api/events/${encodeURIComponent(event.id)}/firstview`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstView: true }),
    }).catch((error) => console.error("Failed to mark event as seen", error));
  }, [event, demo]);

  if (!event) return null;
  return (
    <Sheet label={event.eventName} onClose={close}>
      <EventDetails
        event={event}
        timeZone={timeZone}
        onOpenSource={(sourceId) => navigate(`${feedPath}/message/${encodeURIComponent(sourceId)}`)}
      />
    </Sheet>
  );
}
