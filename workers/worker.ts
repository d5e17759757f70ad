import { api } from "./api";
import { runScheduled } from "./cron";
import { receiveEmail } from "./email";
import { isCrossOriginWrite, refuseCrossOrigin } from "./origin";
import { consumeIngest, type JobHandler } from "./queue";

export type RenderApp = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

export interface WorkerParts {
  /** Everything that is not /api: the React Router app. */
  renderApp: RenderApp;
  /** What an ingest job does. */
  ingest: JobHandler;
}

/**
 * The Worker's handlers, built from its parts so that tests in workerd can run
 * the real routing, e-mail, queue and cron paths without the Vite-built app.
 */
export type CubbyWorker = Required<
  Pick<ExportedHandler<Env>, "fetch" | "email" | "queue" | "scheduled">
>;

export function createWorker({ renderApp, ingest }: WorkerParts): CubbyWorker {
  return {
    async fetch(request, env, ctx) {
      if (isCrossOriginWrite(request)) return refuseCrossOrigin();
      const { pathname } = new URL(request.url);
      if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
      return renderApp(request, env, ctx);
    },
    async email(message, env) {
      await receiveEmail(message, env);
    },
    async queue(batch, env) {
      await consumeIngest(batch, env, ingest);
    },
    async scheduled(controller, env) {
      await runScheduled(controller, env);
    },
  };
}
