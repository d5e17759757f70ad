/**
 * issue 30 "Sure, or ask": the dates Cubby read with too little confidence wait
 * here, under the top bar, instead of in the feed. Each shows the line it came
 * from; Add makes it an ordinary event for the family, Not an event hides it as
 * a dislike with a reason (so a rescan does not ask again). Offline the list
 * still shows and its actions say they need a connection.
 */
import { useId, useState } from "react";
import { isOffline, offlineToast } from "~/components/offline/connection";
import { ChevronDownIcon, SparkleIcon } from "~/components/ui/icons";
import { useToast } from "~/components/ui/toast-context";
import { dayParts } from "~/lib/calendar-day";
import { formatDay } from "~/lib/dates";
import type { FeedItem } from "~/lib/feed/item";
import { postJson } from "~/lib/post-json";
import { eventDay } from "~/lib/event";
import { unsureLine } from "./unsure";
import { WAITING_LINE_HEIGHT } from "./waiting-line";

/** The reason a "Not an event" answer is stored with: one of the drawer's three (spec §2). */
const NOT_AN_EVENT_REASON = "Irrelevant info";

type Update = (id: string, changes: Partial<FeedItem>) => void;

/** A parent's answer to an unsure date: "add" (POST confirm) or "hide" (a dislike with the reason). Shown at once, undone if the server says no. */
export function useAnswerUnsure(update: Update | undefined) {
  const toast = useToast();
  return function answer(event: FeedItem, action: "add" | "hide") {
    if (!update) return;
    if (isOffline()) return toast(offlineToast(action === "add" ? "Adding a date" : "Hiding a date"));
    const change = action === "add" ? { needsReview: false } : { dislike: true, dislikeReason: NOT_AN_EVENT_REASON };
    const undo = action === "add" ? { needsReview: true } : { dislike: false, dislikeReason: null };
    update(event._id, change);
    const id = encodeURIComponent(event._id);
    const request = action === "add" ? postJson(`/api/events/${id}/confirm`, {}) : postJson(`/api/events/${id}/dislike`, { toggle: true, dislikeReason: NOT_AN_EVENT_REASON });
    request
      .then((response) => {
        if (!response.ok) throw new Error(`${action} answered ${response.status}`);
      })
      .catch((error) => {
        console.error("Failed to answer an unsure date", error);
        update(event._id, undo);
      });
  };
}

/** Add and Not an event, side by side. */
export function UnsureAnswers({ onAnswer }: { onAnswer: (action: "add" | "hide") => void }) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={() => onAnswer("add")}
        className="min-h-11 flex-1 rounded-button bg-ink px-4 text-callout font-semibold text-on-ink active:scale-[0.98]"
      >
        Add
      </button>
      <button
        type="button"
        onClick={() => onAnswer("hide")}
        className="min-h-11 flex-1 rounded-button border border-line-strong bg-surface px-4 text-callout font-semibold text-ink active:scale-[0.98]"
      >
        Not an event
      </button>
    </div>
  );
}

interface Props {
  events: readonly FeedItem[];
  timeZone: string;
  update: Update;
}

export function UnsureDates({ events, timeZone, update }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const answer = useAnswerUnsure(update);
  if (events.length === 0) return null;

  return (
    // Open, the list lies over the days like a sheet: its shadow parts it from the feed under it.
    <div className={`-mb-px border-t border-line/70 bg-sky-soft ${open ? "shadow-float" : ""}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((now) => !now)}
        style={{ minHeight: WAITING_LINE_HEIGHT }}
        className="mx-auto flex w-full max-w-md items-center gap-2.5 px-safe py-1.5 text-left text-callout text-ink"
      >
        <SparkleIcon size={18} className="shrink-0 text-brand-strong" />
        <span className="min-w-0 flex-1 font-semibold">{unsureLine(events.length)}</span>
        <ChevronDownIcon size={18} className={`shrink-0 text-ink-soft transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      {open ? (
        <ul id={listId} data-unsure-list className="mx-auto flex max-h-[60dvh] w-full max-w-md flex-col gap-2 overflow-y-auto px-safe pb-3">
          {events.map((event) => (
            <li key={event._id} className="rounded-card bg-surface p-3 shadow-card">
              <p className="text-footnote font-semibold uppercase tracking-wide text-ink-soft">
                {formatDay(dayParts(eventDay(event, timeZone)))}
              </p>
              <p className="text-headline text-ink">{event.eventName}</p>
              {event.source ? (
                <blockquote className="mt-1 whitespace-pre-line border-l-2 border-line-strong pl-2.5 text-callout text-ink-soft">
                  {event.source}
                </blockquote>
              ) : null}
              <div className="mt-3">
                <UnsureAnswers onAnswer={(action) => answer(event, action)} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
