/**
 * /focus: the feed, the default after onboarding. The parent's events come
 * with the page, so the first screen is drawn on the server and is readable
 * before the app's JavaScript arrives; later changes use /api/events. The
 * event/:id and message/:id overlays render in the outlet the feed provides.
 */
import { data } from "react-router";
import type { Route } from "./+types/focus";
import { OFFLINE_KEY_HEADER, offlineKey } from "~/.server/auth/offline-key";
import { listEvents } from "~/.server/events";
import { signedInParent } from "~/.server/signed-in";
import { FocusFeed } from "~/components/feed/FocusFeed";

export const meta: Route.MetaFunction = () => [{ title: "Cubby" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // "Now" for the feed is when it opened; the browser draws its first render with the same clock.
  const openedAt = Date.now();
  const parent = await signedInParent(context, request);
  if (!parent) return { openedAt, events: null };
  const events = await listEvents(parent.db, { key: parent.familyKey, userId: parent.userId });
  // The device may keep this page for the offline feed, under this session's name (ADR 024).
  return data({ openedAt, events }, { headers: { [OFFLINE_KEY_HEADER]: await offlineKey(parent.sessionId) } });
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
  return <FocusFeed openedAt={loaderData.openedAt} initialEvents={loaderData.events} />;
}
