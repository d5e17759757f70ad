/**
 * /focus (the feed, the default after onboarding) and /tutorial (the same
 * feed in demo mode). Their event/:id and message/:id overlays render in the
 * outlet each of them provides.
 */
import { useLocation } from "react-router";
import type { Route } from "./+types/feed";
import { FocusFeed } from "~/components/feed/FocusFeed";
import { TutorialFeed } from "~/components/feed/TutorialFeed";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: location.pathname.startsWith("/tutorial") ? "Tutorial · Cubby" : "Cubby" },
];

export default function Feed() {
  const tutorial = useLocation().pathname.startsWith("/tutorial");
  return tutorial ? <TutorialFeed /> : <FocusFeed />;
}
