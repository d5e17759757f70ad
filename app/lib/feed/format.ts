/**
 * Times and month titles as the feed writes them (spec §9 "Time display",
 * "Month label"), for items and month keys.
 */
import { dayParts } from "../calendar-day";
import { formatTimeRange, monthLabel } from "../dates";
import type { FeedItem } from "./item";

/** '3pm', '3:30pm - 5pm'; null for all-day items. */
export function itemTime(item: Pick<FeedItem, "dateTime" | "start" | "end">, timeZone: string): string | null {
  if (!item.dateTime) return null;
  return formatTimeRange(new Date(item.start), item.end ? new Date(item.end) : null, timeZone);
}

/** 'March', 'December 2026', or 'March 2027' when the other month is in another year. */
export function monthTitle(month: string, other?: string): string {
  return monthLabel(dayParts(`${month}-01`), other ? dayParts(`${other}-01`) : undefined);
}
