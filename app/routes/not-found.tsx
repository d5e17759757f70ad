/** Any path Cubby does not know (spec §2): the 404 screen, answered with status 404. */
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/ui/NotFoundScreen";

export function loader() {
  return data({}, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found · Cubby" }];

export default function NotFound() {
  return <NotFoundScreen />;
}
