import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { createWorker } from "./worker";

export { CheckProgress } from "./progress";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default createWorker({
  renderApp(request, env, ctx) {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return requestHandler(request, context);
  },
  async ingest(job) {
    // Extraction arrives with the ingest work; until then jobs are acknowledged.
    console.info("Ingest job received", job.kind);
  },
});
