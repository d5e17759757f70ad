/**
 * The parent's place in the feed when the feed changes above the screen: an
 * earlier month drawn as they near the top, or the rest of the year's days
 * arriving in months already drawn. Chrome and Firefox keep the place
 * themselves (CSS scroll anchoring); Safari does not, and there what the
 * parent reads would be pushed down the screen by everything drawn above it.
 *
 * A class because only a class can look at the page just before React changes
 * it (getSnapshotBeforeUpdate): where the browser does not anchor, it notes
 * the first day on screen, and after the change scrolls by as far as that day
 * moved, before anything is painted.
 */
import { Component, type ReactNode } from "react";
import { DAY_ELEMENT_SELECTOR } from "./DayBlock";

interface Place {
  day: Element;
  top: number;
}

/** The first day whose block reaches onto the screen. */
function dayOnScreen(): Element | null {
  for (const day of document.querySelectorAll(DAY_ELEMENT_SELECTOR)) if (day.getBoundingClientRect().bottom > 0) return day;
  return null;
}

export class KeepPlace extends Component<{ children: ReactNode }> {
  getSnapshotBeforeUpdate(): Place | null {
    if (CSS.supports("overflow-anchor", "auto")) return null;
    const day = dayOnScreen();
    return day ? { day, top: day.getBoundingClientRect().top } : null;
  }

  componentDidUpdate(_props: unknown, _state: unknown, kept: Place | null) {
    if (!kept?.day.isConnected) return;
    const moved = kept.day.getBoundingClientRect().top - kept.top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }

  render() {
    return this.props.children;
  }
}
