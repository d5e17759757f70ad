/**
 * /focus: the feed, the default after onboarding. The parent's events come
 * with the page, so the first screen is drawn on the server and is readable
 * before the app's JavaScript arrives; later changes use /api/events. The
 * event/:id and message/:id overlays render in the outlet the feed provides.
 */
import type { Route } from "./+types/focus";
import { listEvents } from "~/.server/events";
import { signedInParent } from "~/.server/signed-in";
import { FocusFeed } from "~/components/feed/FocusFeed";

export const meta: Route.MetaFunction = () => [{ title: "Cubby" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // "Now" for the feed is when it opened; the browser draws its first render with the same clock.
  const openedAt = Date.now();
  const parent = await signedInParent(context, request);
  return { openedAt, events: parent ? await listEvents(parent.db, parent.userId) : null };
}

// Opening an event or a message changes the URL only; the feed keeps its events up to date itself.
export function shouldRevalidate() {
  return false;
}

export default function Focus({ loaderData }: Route.ComponentProps) {
  return <FocusFeed openedAt={loaderData.openedAt} initialEvents={loaderData.events} />;
}
