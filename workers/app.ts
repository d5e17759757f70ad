import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { api } from "./api";
import { runScheduled } from "./cron";
import { receiveEmail } from "./email";
import { isCrossOriginWrite, refuseCrossOrigin } from "./origin";
import { consumeIngest } from "./queue";

export { CheckProgress } from "./progress";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    if (isCrossOriginWrite(request)) return refuseCrossOrigin();
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return requestHandler(request, context);
  },
  async email(message, env) {
    await receiveEmail(message, env);
  },
  async queue(batch, env) {
    await consumeIngest(batch, env, async (job) => {
      // Extraction arrives with the ingest work; until then jobs are acknowledged.
      console.info("Ingest job received", job.kind);
    });
  },
  async scheduled(controller, env) {
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
