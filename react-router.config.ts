import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Cubby has a few dozen routes: the whole route manifest comes with the first
  // page. Lazy discovery would instead ask /__manifest about every event tile's
  // link on the feed (hundreds of paths) right after hydration.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
