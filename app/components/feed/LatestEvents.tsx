/**
 * spec §2 "Latest Events card": upcoming events by when Cubby found them,
 * newest group first; each row has an icon, the name, the day, the time and
 * the last mention's sender. A badge counts events not yet opened; the ring
 * shows the message check's progress and how many events it found.
 */
import { useMemo } from "react";
import { Link } from "react-router";
import { Sheet } from "~/components/ui/Sheet";
import { dayParts } from "~/lib/calendar-day";
import { formatDay } from "~/lib/dates";
import { itemTime } from "~/lib/feed/format";
import type { FeedClock, FeedItem } from "~/lib/feed/item";
import { latestGroups } from "~/lib/feed/latest-groups";
import { CalendarIcon } from "~/components/ui/icons";
import { ProgressRing } from "./ProgressRing";
import type { CheckState } from "./use-message-check";

export function LatestEvents({
  items,
  clock,
  newCount,
  check,
  onClose,
}: {
  items: readonly FeedItem[];
  clock: FeedClock;
  newCount: number;
  check: CheckState;
  onClose: () => void;
}) {
  const groups = useMemo(() => latestGroups(items, clock), [items, clock]);
  const { timeZone } = clock;
  return (
    <Sheet label="Latest Events" onClose={onClose}>
      <section className="flex flex-col gap-4 pb-2">
        <header className="flex items-center gap-3">
          <h2 className="flex-1 text-title text-ink">
            Latest Events
            {newCount > 0 ? (
              <span aria-label={`${newCount} new`} className="ml-2 inline-flex min-w-7 items-center justify-center rounded-full bg-brand px-2 align-middle text-callout font-semibold text-on-accent">
                {newCount}
              </span>
            ) : null}
          </h2>
          <ProgressRing check={check} />
        </header>
        {groups.length === 0 ? <p className="text-callout text-ink-soft">No events found</p> : null}
        {groups.map((group) => (
          <div key={group.label} className="flex flex-col gap-1">
            <h3 className="text-footnote font-semibold tracking-wide text-ink-faint uppercase">{group.label}</h3>
            <ul className="flex flex-col">
              {group.events.map((event) => {
                const sender = event.mentions.at(-1);
                const time = itemTime(event, timeZone);
                return (
                  <li key={event._id}>
                    <Link
                      to={`event/${encodeURIComponent(event._id)}`}
                      preventScrollReset
                      onClick={onClose}
                      className="flex min-h-touch items-center gap-3 rounded-field py-2 active:bg-sunken"
                    >
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                        <CalendarIcon size={20} />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-callout font-semibold text-ink">{event.eventName}</span>
                        <span className="block truncate text-footnote text-ink-soft">
                          {formatDay(dayParts(event.day))}
                          {time ? ` · ${time}` : ""}
                          {sender ? ` · ${sender.sourceSender || sender.sourceAddress}` : ""}
                        </span>
                      </span>
                      {!event.firstView ? <span aria-label="New" role="img" className="size-2 rounded-full bg-brand" /> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </section>
    </Sheet>
  );
}
