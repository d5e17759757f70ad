/**
 * /focus: the feed, the default after onboarding. The events of the first
 * screen come with the page, so it is drawn on the server and is readable
 * before the app's JavaScript arrives; the rest of the year and later changes
 * come from /api/events (ADR 012). The
 * event/:id and message/:id overlays render in the outlet the feed provides.
 */
import { useMemo } from "react";
import { data } from "react-router";
import type { Route } from "./+types/focus";
import { OFFLINE_KEY_HEADER, offlineKey } from "~/.server/auth/offline-key";
import { firstScreenOf } from "~/.server/first-screen";
import { signedInParent } from "~/.server/signed-in";
import { FocusFeed } from "~/components/feed/FocusFeed";
import type { FirstScreen } from "~/lib/feed/first-screen";

export const meta: Route.MetaFunction = () => [{ title: "Cubby" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // "Now" for the feed is when it opened; the browser draws its first render with the same clock.
  const openedAt = Date.now();
  const parent = await signedInParent(context, request);
  if (!parent) return { openedAt, firstScreen: null };
  // The first screen's events travel as one JSON string, which the browser reads
  // in one go: React Router's own encoding would rebuild each of their hundreds
  // of values one by one as the page wakes, in a single long task (ADR 012 part 8).
  const firstScreen = await firstScreenOf(parent.familyDb, parent.db, { key: parent.familyKey, userId: parent.userId }, openedAt);
  // The device may keep this page for the offline feed, under this session's name (ADR 024).
  return data({ openedAt, firstScreen: JSON.stringify(firstScreen) }, { headers: { [OFFLINE_KEY_HEADER]: await offlineKey(parent.sessionId) } });
}

/** The layout's headers (no shared caching, a renewed cookie) plus the offline key. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const answer = new Headers(parentHeaders);
  const key = loaderHeaders.get(OFFLINE_KEY_HEADER);
  if (key) answer.set(OFFLINE_KEY_HEADER, key);
  return answer;
};

// Opening an event or a message changes the URL only; the feed keeps its events up to date itself.
export function shouldRevalidate() {
  return false;
}

export default function Focus({ loaderData }: Route.ComponentProps) {
  const firstScreen = useMemo(
    () => (loaderData.firstScreen ? (JSON.parse(loaderData.firstScreen) as FirstScreen) : null),
    [loaderData.firstScreen],
  );
  return <FocusFeed openedAt={loaderData.openedAt} firstScreen={firstScreen} />;
}
