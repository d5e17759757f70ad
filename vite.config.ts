import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// There is no network here (nor in CI): Miniflare must not try to download the
// `Request.cf` placeholder, and wrangler must not phone home.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // End-to-end runs use their own throwaway local D1, queue and Durable Object state.
      persistState: process.env.CUBBY_STATE_DIR ? { path: process.env.CUBBY_STATE_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
