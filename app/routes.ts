/**
 * Cubby's route table: spec §2 "Routes", in the spec's order. Screens of the
 * same kind share one module (each use gets its own route id), and every
 * screen that needs a signed-in parent sits under the `signed-in` layout,
 * which loads the profile and handles an expired session.
 */
import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

/** The same module at several paths, each with its own id. */
function shared(file: string, uses: Record<string, string>): RouteConfigEntry[] {
  return Object.entries(uses).map(([id, path]) => route(path, file, { id }));
}

/** The event drawer and the message card, over the feed or the tutorial. */
function feedOverlays(parent: string): RouteConfigEntry[] {
  return [
    route("event/:id", "routes/feed/event.tsx", { id: `${parent}-event` }),
    route("message/:id", "routes/feed/message.tsx", { id: `${parent}-message` }),
  ];
}

export default [
  // Landing and sign-in (no JavaScript shipped).
  index("routes/landing.tsx", { id: "landing" }),
  route("join", "routes/landing.tsx", { id: "join" }),

  layout("routes/signed-in.tsx", [
    // Onboarding group.
    route("join/email", "routes/onboarding/email-access.tsx"),
    route("join/username", "routes/onboarding/username.tsx"),
    route("join/watchlist", "routes/onboarding/watchlist.tsx"),
    ...shared("routes/onboarding/calendar-access.tsx", {
      "join-calendar": "join/calendar",
      "add-calendar": "add/calendar",
    }),
    ...shared("routes/child/child-form.tsx", {
      "join-child": "join/child",
      "add-child": "add/child",
      "edit-child": "edit/child/:childId",
    }),
    ...shared("routes/child/school.tsx", {
      "join-child-school": "join/child/school/:childId",
      "add-child-school": "add/child/school/:childId",
      "edit-child-school": "edit/child/school/:childId",
    }),
    ...shared("routes/child/details.tsx", {
      "join-child-details": "join/child/details/:childId",
      "add-child-details": "add/child/details/:childId",
      "edit-child-details": "edit/child/details/:childId",
    }),

    // Gmail forwarding to the personal forwarding address, then optional filters.
    route("forward/address", "routes/forward/address.tsx"),
    route("forward/filter", "routes/forward/filter-choice.tsx"),
    ...shared("routes/forward/guide.tsx", {
      "forward-settings": "forward/settings",
      "forward-addresses": "forward/addresses",
      "forward-confirmation": "forward/confirmation",
      "forward-inbox": "forward/inbox",
      "forward-allow": "forward/allow",
      "forward-success": "forward/success",
      "filter-settings": "filter/settings",
      "filter-create": "filter/create",
      "filter-address": "filter/address",
      "filter-success": "filter/success",
    }),

    route("notifications", "routes/notifications.tsx"),
    route("profile", "routes/profile.tsx"),

    // Nested group: Ready, then the tutorial or the feed, each with event and message overlays.
    route("join/success", "routes/ready.tsx"),
    route("tutorial", "routes/feed/tutorial.tsx", { id: "tutorial" }, feedOverlays("tutorial")),
    route("focus", "routes/feed/focus.tsx", { id: "focus" }, feedOverlays("focus")),
  ]),

  // Google's Cancel lands here, signed in or not (app/lib/google-declined.ts).
  route("google/declined", "routes/google-declined.tsx"),

  // Install instructions work before signing in too.
  route("install", "routes/install.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
