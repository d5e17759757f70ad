import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, pageNonceContext } from "~/context";
import { runIngestJob } from "~/.server/ingest/run-job";
import { createWorker } from "./worker";

export { CheckProgress } from "./progress";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default createWorker({
  renderApp(request, env, ctx, page) {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(pageNonceContext, page.nonce);
    return requestHandler(request, context);
  },
  ingest: runIngestJob,
  development: import.meta.env.DEV,
});
