/**
 * The Worker as tests see it: the real handlers (routing, origin guard, API,
 * e-mail, queue, cron, ingest jobs) with a plain stand-in for the Vite-built
 * React app, which only exists inside a Vite build. The stand-in writes an
 * inline script with the page's nonce, as React Router's <Scripts> does.
 */
import { runIngestJob } from "~/.server/ingest/run-job";
import { createWorker } from "../../workers/worker";

export { CheckProgress } from "../../workers/progress";

export default createWorker({
  async renderApp(request, _env, _ctx, page) {
    const path = new URL(request.url).pathname;
    return new Response(
      `<!doctype html><html><body><p>app: ${path}</p><script nonce="${page.nonce}">window.__app = 1;</script></body></html>`,
      { headers: { "Content-Type": "text/html" } },
    );
  },
  ingest: runIngestJob,
});
