/**
 * The Worker as tests see it: the real handlers (routing, origin guard, API,
 * e-mail, queue, cron, ingest jobs) with a plain stand-in for the Vite-built
 * React app, which only exists inside a Vite build.
 */
import { runIngestJob } from "~/.server/ingest/run-job";
import { createWorker } from "../../workers/worker";

export { CheckProgress } from "../../workers/progress";

export default createWorker({
  async renderApp(request) {
    return new Response(`app: ${new URL(request.url).pathname}`, {
      headers: { "Content-Type": "text/plain" },
    });
  },
  ingest: runIngestJob,
});
