/**
 * The Worker as tests see it: the real handlers (routing, origin guard, API,
 * e-mail, queue, cron) with a plain stand-in for the Vite-built React app.
 */
import { createWorker } from "../../workers/worker";
import { ingestLog } from "./ingest-log";

export { CheckProgress } from "../../workers/progress";

export default createWorker({
  async renderApp(request) {
    return new Response(`app: ${new URL(request.url).pathname}`, {
      headers: { "Content-Type": "text/plain" },
    });
  },
  async ingest(job) {
    ingestLog.push(job);
  },
});
