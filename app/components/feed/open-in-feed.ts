/**
 * How a tile opens its drawer (ADR 034). React Router's `<Link>` reads the router's location,
 * so every `<Link>` drawn re-renders on every navigation: opening or closing a drawer
 * re-rendered every tile of the months drawn, about 40 % of the tap's script with a year of
 * tiles. A tile is a plain link to its address instead, which also works before the page
 * wakes; once it has, a plain tap navigates through `open`, which never changes.
 */
import { createContext, type MouseEvent } from "react";

export interface OpenInFeed {
  /** "/focus": the tiles' addresses start here. */
  feedPath: string;
  open: (path: string) => void;
}

export const OpenInFeedContext = createContext<OpenInFeed | null>(null);

/**
 * How the drawer and the message card open and close over the feed: the feed stays where the
 * parent was. React Router's `<ScrollRestoration>` takes every new address to the top of the
 * page, and under the drawer that page is the feed: a parent who opened an event from today
 * was back at the top of the year once it closed.
 */
export const OVER_THE_FEED = { preventScrollReset: true } as const;

/** A plain tap or click, which the app handles; with a modifier, the browser opens the link its own way. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
