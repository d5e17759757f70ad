import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { laterFilesForOffline } from "./scripts/vite/later-files.mjs";
import { noRouteDiscovery } from "./scripts/vite/no-route-discovery.mjs";
import { noRouterInstrumentation } from "./scripts/vite/no-router-instrumentation.mjs";
import { previewKeepAlive } from "./scripts/vite/preview-keep-alive.mjs";
import { routerDisplayNames } from "./scripts/vite/router-display-names.mjs";

// There is no network here (nor in CI): Miniflare must not try to download the
// `Request.cf` placeholder, and wrangler must not phone home.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

/**
 * The Cloudflare plugin copies the local secrets (.dev.vars, or .env) into
 * build/server/.dev.vars so that `vite preview` can read them. A build is an
 * artifact that gets uploaded, cached and shared; local secrets do not belong
 * in it, and the plugin has no option to leave them out (ADR 018). So the
 * file is taken out of the bundle before it is written. `npm run preview` and
 * the e2e tests then run with no secrets, which local sign-in and the fakes
 * do not need; tests/e2e/global-setup.ts checks that no build holds one.
 */
function noLocalSecretsInBuild(): Plugin {
  return {
    name: "cubby:no-local-secrets-in-build",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const fileName of Object.keys(bundle)) {
          if (/(^|\/)\.dev\.vars(\..*)?$/.test(fileName)) delete bundle[fileName];
        }
      },
    },
  };
}

/**
 * The browser's chunks (ADR 012). Left alone, the bundler cut React Router
 * into four chunks named after whatever app module happened to share them, and
 * the feed into a dozen files of a few hundred bytes. Each file is compressed
 * on its own, so small files compress badly:
 * - `framework`: React, React Router and the shell every screen loads (root,
 *   session and the UI pieces every screen uses, and what counts as Premium and
 *   the waking section for lazy parts: in the feed's group each made the profile
 *   load the whole feed). The browser entry stays a
 *   chunk of its own: React DOM starts up under it, and React DOM makes Error
 *   objects as it starts. Where DevTools is attached (Lighthouse is), V8 then
 *   finds the source position of every frame on the stack, and a frame at the
 *   top level of this 350 kB chunk meant parsing all of it again (15 ms).
 * - `screen`: the pieces the onboarding screens and the profile share (the
 *   screen frame, fields, the prompt, the icons beyond the feed's);
 * - `feed`: the feed screen and what its overlays and the tutorial share with
 *   it. A group also takes what its modules import: the small modules the feed
 *   shares with screens outside it (the school form's position, the profile's
 *   billing link) get their own chunk first, or those screens would load the
 *   feed.
 */
const browserChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|app[\\/](root\.tsx|components[\\/](session[\\/]|ui[\\/](Button|Toast|toast-context|icons|page-nonce|page-styles|use-hydrated|WakingSection)\.tsx?$)|lib[\\/](post-json|subscription)\.ts$)/,
    },
    {
      name: "screen",
      test: /app[\\/](components[\\/](ui[\\/](Screen|CubbyMark|Prompt|screen-icons|TextField|CopyField)\.tsx|onboarding[\\/]use-hint\.ts|profile[\\/](SwitchRow\.tsx|use-display-mode\.ts))|lib[\\/](forwarding-next|child|initials|feed[\\/]url-form)\.ts)$/,
    },
    { name: "position", test: /app[\\/]lib[\\/]position\.ts$/ },
    { name: "billing-link", test: /app[\\/]components[\\/]upgrade[\\/](use-billing-link\.tsx|billing-url\.ts)$/ },
    {
      name: "feed",
      test: /app[\\/](routes[\\/]feed[\\/]focus\.tsx|components[\\/](feed[\\/](FocusFeed|MonthSection|TodayPointer|UrlWidget|waiting-line|use-feed-items|use-message-check|use-weather|TopNav|DayBlock|EventTile|FeedFooter|feed-context|WeatherSymbolIcon)|offline[\\/](connection|use-offline-copy))\.tsx?$|lib[\\/](feed[\\/](build|days|expand|latest|offline|weather|labels|item|format)|time-zone|calendar-day|dates)\.ts$)/,
    },
  ],
};

export default defineConfig({
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: browserChunks } } } },
  },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // End-to-end runs use their own throwaway local D1, queue and Durable Object state.
      persistState: process.env.CUBBY_STATE_DIR ? { path: process.env.CUBBY_STATE_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
    noRouterInstrumentation(),
    noRouteDiscovery(),
    routerDisplayNames(),
    laterFilesForOffline(),
    noLocalSecretsInBuild(),
    previewKeepAlive(),
  ],
  resolve: { tsconfigPaths: true },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
