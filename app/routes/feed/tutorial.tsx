/**
 * /tutorial: the feed in demo mode, made on the device with no server calls
 * (spec §4 "Demo mode"). Its event/:id and message/:id overlays render in the
 * outlet it provides.
 */
import type { Route } from "./+types/tutorial";
import { TutorialFeed } from "~/components/feed/TutorialFeed";

export const meta: Route.MetaFunction = () => [{ title: "Tutorial · Cubby" }];

export default function Tutorial() {
  return <TutorialFeed />;
}
