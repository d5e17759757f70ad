/**
 * The feed's top bar (spec §2 "Top nav"): the month being looked at (tap to
 * open or close the month calendar), the 'latest' button with a dot when new
 * events are unseen, and the way to the profile. It stays put while the days
 * scroll under it.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { IconButton, IconLink } from "~/components/ui/Button";
import { BellIcon, ChevronDownIcon, PersonIcon } from "~/components/ui/icons";

export interface TopNavProps {
  title: string;
  headingLevel?: 1 | 2;
  /** Present when the month calendar can open. */
  calendar?: { expanded: boolean; onToggle: () => void };
  latest?: { unseen: boolean; onOpen: () => void };
  /** The profile link; the tutorial has none (no navigation in demo mode). */
  profile?: boolean;
  trailing?: ReactNode;
  children?: ReactNode;
}

/**
 * The bar's height as `--top-bar` on the page, for the days' sticky markers and
 * scroll-to-day (the `top-below-bar` utility): it grows with large text (the
 * buttons drop under the month), the waiting-mail line and the offline line, which
 * a fixed offset would not follow. While the month calendar is open the bar is
 * as tall as the calendar, which covers the days anyway: the last height stays.
 */
function useTopBarHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    // The observer's first report gives the height to start from (no layout read as the feed starts).
    let last: number | null = null;
    const observer = new ResizeObserver(() => {
      // The month calendar and the open list of unsure dates cover the days: the last height stays.
      if (element.querySelector("#month-calendar, [data-unsure-list]")) return;
      const height = element.getBoundingClientRect().height;
      const grew = last === null ? 0 : height - last;
      last = height;
      // A line coming into the bar (mail waiting, offline) or going: what the parent reads moves
      // with the bar's edge. Chrome and Firefox keep the page still on screen as the bar grows
      // above it (scroll anchoring), and the new line would cover what was just under the bar;
      // Safari does not anchor, and there the page already moves with the bar.
      if (grew && window.scrollY > 0 && CSS.supports("overflow-anchor", "auto")) window.scrollBy(0, -grew);
      // A custom property set on the root restyles every element of the page (a
      // hundred milliseconds on a phone for a month of tiles): written only when
      // a marker would otherwise sit somewhere else than under the bar.
      const marker = document.querySelector(".top-below-bar");
      const below = marker ? parseFloat(getComputedStyle(marker).top) - parseFloat(getComputedStyle(document.documentElement).fontSize) / 2 : NaN;
      if (Math.abs(below - height) >= 0.5) root.setProperty("--top-bar", `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--top-bar");
    };
  }, [header]);
}

export function TopNav({ title, headingLevel = 1, calendar, latest, profile = true, trailing, children }: TopNavProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const expanded = calendar?.expanded ?? false;
  const wasExpanded = useRef(expanded);

  // The month calendar's own buttons (a day, Close) go with it: focus that was
  // on them comes back to the month title instead of falling to the page body.
  useEffect(() => {
    if (wasExpanded.current && !expanded && (!document.activeElement || document.activeElement === document.body)) {
      toggle.current?.focus({ preventScroll: true });
    }
    wasExpanded.current = expanded;
  }, [expanded]);

  useTopBarHeight(header);

  // Escape closes the month calendar from the title or from inside it.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || !calendar?.expanded) return;
    event.preventDefault();
    calendar.onToggle();
    toggle.current?.focus({ preventScroll: true });
  }

  return (
    // Keys typed in the month calendar or on the title bubble here; the header itself takes no focus.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions
    <header
      ref={header}
      onKeyDown={onKeyDown}
      // Open, the month calendar hangs under the bar with the bar's line under it; the bar is opaque
      // then, and a blur behind it would cost a filter for every change in the calendar.
      className={`sticky top-0 z-20 border-b pt-safe ${calendar?.expanded ? "border-transparent bg-canvas" : "border-line/70 bg-canvas/90 backdrop-blur-xl"}`}
    >
      {/* Wraps at large text sizes: the buttons drop under the title rather than squeezing it to "N…". */}
      <div className="mx-auto flex min-h-14 w-full max-w-md flex-wrap items-center justify-between gap-x-2 px-safe">
        <Heading className="min-w-0 flex-auto font-display text-title text-ink">
          {calendar ? (
            <button
              ref={toggle}
              type="button"
              aria-expanded={calendar.expanded}
              aria-controls="month-calendar"
              onClick={calendar.onToggle}
              className="-ml-2 flex min-h-touch max-w-full items-center gap-1 rounded-full px-2"
            >
              <span className="min-w-0 text-left wrap-break-word">{title}</span>
              <ChevronDownIcon
                size={20}
                className={`shrink-0 text-ink-faint transition-transform duration-200 ${calendar.expanded ? "rotate-180" : ""}`}
              />
            </button>
          ) : (
            <span className="block wrap-break-word">{title}</span>
          )}
        </Heading>
        <div className="-mr-2 ml-auto flex items-center gap-1">
          {trailing}
          {latest ? (
            <IconButton label="Latest events" onClick={latest.onOpen} className="relative bg-surface shadow-card">
              <BellIcon size={21} />
              {latest.unseen ? (
                <span className="absolute top-2 right-2 size-2.5 rounded-full bg-brand ring-2 ring-surface" />
              ) : null}
            </IconButton>
          ) : null}
          {profile ? (
            <IconLink label="Profile" to="/profile" className="bg-surface shadow-card">
              <PersonIcon size={22} />
            </IconLink>
          ) : null}
        </div>
      </div>
      {children}
    </header>
  );
}
