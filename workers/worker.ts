import { api } from "./api";
import { calendarFeed } from "./calendar-feed";
import { runScheduled } from "./cron";
import { receiveEmail } from "./email";
import { isCrossOriginWrite, isCrossSiteApiGet, refuseCrossOrigin, refuseCrossSite } from "./origin";
import { consumeIngest, type JobHandler } from "./queue";
import { newNonce, withSecurityHeaders } from "./security-headers";

/** What the page needs from the Worker: the nonce its inline scripts carry (the CSP names it). */
export interface PageRequest {
  nonce: string;
}

export type RenderApp = (request: Request, env: Env, ctx: ExecutionContext, page: PageRequest) => Promise<Response>;

export interface WorkerParts {
  /** Everything that is not /api or the calendar feed: the React Router app. */
  renderApp: RenderApp;
  /** What an ingest job does. */
  ingest: JobHandler;
  /** `vite dev`: the CSP is only reported, since the dev server injects inline scripts of its own. */
  development?: boolean;
}

/**
 * The Worker's handlers, built from its parts so that tests in workerd can run
 * the real routing, e-mail, queue and cron paths without the Vite-built app.
 */
export type CubbyWorker = Required<
  Pick<ExportedHandler<Env>, "fetch" | "email" | "queue" | "scheduled">
>;

/**
 * Reads to the end a request body that nobody read: a refused cross-origin
 * write, a 401 before parsing. workerd (the local runtime behind `vite dev`
 * and `vite preview`) otherwise leaves the connection it shares with the dev
 * server broken, and the *next* request on it fails with a 500 "fetch failed"
 * (cloudflare/workerd#1741; cancelling the stream is not enough, only
 * draining is). At the edge the body is bounded by the platform's request
 * size limit and goes nowhere, so this costs nothing there.
 */
async function drainUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await request.body.pipeTo(new WritableStream()).catch(() => {
    // The client went away mid-upload: nothing left to keep healthy.
  });
}

function route(request: Request, env: Env, ctx: ExecutionContext, renderApp: RenderApp, page: PageRequest) {
  if (isCrossOriginWrite(request)) return refuseCrossOrigin();
  if (isCrossSiteApiGet(request)) return refuseCrossSite(request);
  const { pathname } = new URL(request.url);
  if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
  if (pathname.startsWith("/calendar/")) return calendarFeed.fetch(request, env, ctx);
  return renderApp(request, env, ctx, page);
}

export function createWorker({ renderApp, ingest, development = false }: WorkerParts): CubbyWorker {
  return {
    async fetch(request, env, ctx) {
      const page = { nonce: newNonce() };
      const response = await route(request, env, ctx, renderApp, page);
      await drainUnreadBody(request);
      return withSecurityHeaders(request, response, { nonce: page.nonce, development });
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
