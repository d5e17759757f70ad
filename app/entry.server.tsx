/**
 * React Router's default server entry for Workers, plus two things, both so
 * that a phone on a slow network paints as soon as the HTML arrives: the app's
 * stylesheet goes into the page itself (PageStyles → root Layout) instead of a
 * second, render-blocking request, and the app's modules are fetched once the
 * page has been painted (paintFirst).
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { pageNonceContext } from "./context";
import appCss from "./app.css?inline";
import { PageNonce } from "./components/ui/page-nonce";
import { PageStyles } from "./components/ui/page-styles";
import { paintFirst } from "./.server/paint-first";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // The Content-Security-Policy admits inline scripts with this nonce only (ADR 018). ServerRouter
  // hands it to <Scripts>, <ScrollRestoration> and its streamed data; React puts it on its own;
  // PageNonce carries it to the few inline scripts components write (the feed's scroll to today).
  const nonce = loadContext.get(pageNonceContext);
  const body = await renderToReadableStream(
    <PageStyles value={appCss}>
      <PageNonce value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PageNonce>
    </PageStyles>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while rendering the shell reject and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and SPA mode get the whole page at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  return paintFirst(new Response(body, { headers: responseHeaders, status: responseStatusCode }), nonce);
}
