/**
 * `vite preview` (the end-to-end tests, measure:js, the benchmarks and
 * `npm run preview`) keeps a client's idle connection open until the client
 * closes it.
 *
 * Node's HTTP server closes a keep-alive connection after 5 s of quiet (6 s
 * with its buffer). Playwright's request context (`page.request`) keeps its
 * sockets without a timeout of its own and ignores the server's
 * `Keep-Alive: timeout=5` hint, so a request sent just as the server closes the
 * socket fails with `socket hang up (ECONNRESET)` before the Worker sees it.
 * The window is a few milliseconds, wider on a loaded machine: it failed a CI
 * run, and a sweep of idle times around 6 s reproduced it under load
 * (microsoft/playwright#42698). With the server never closing first, the race
 * cannot happen. Production is Cloudflare's edge, not this server.
 * @returns {import("vite").Plugin}
 */
export function previewKeepAlive() {
  return {
    name: "cubby:preview-keep-alive",
    configurePreviewServer(server) {
      // Plain HTTP/1.1 here (no `preview.https`), so Node's http.Server, where 0
      // turns the keep-alive timeout off.
      /** @type {import("node:http").Server} */ (server.httpServer).keepAliveTimeout = 0;
    },
  };
}
