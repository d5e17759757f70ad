import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { lazy, use } from "react";
import type { Route } from "./+types/root";
import { ButtonAnchor } from "~/components/ui/Button";
import { PageNonce } from "~/components/ui/page-nonce";
import { PageStyles } from "~/components/ui/page-styles";
import { ToastProvider } from "~/components/ui/toast-context";
import { useHydrated } from "~/components/ui/use-hydrated";
import { clientConfig } from "~/.server/env";
import { cloudflareContext } from "~/context";
import { desktopGate } from "~/lib/desktop-gate";
import { qrCodeSvg } from "~/lib/qr";
import { classifyBrowser } from "~/lib/user-agent";
import { errorScreenText } from "~/lib/error-screen";

/**
 * Only a desktop browser gets the gate, so only there is its code loaded (ADR
 * 012). No Suspense boundary around it: the server's first flush waits for it
 * (the gate works without JavaScript), and on a desktop hydration waits for it.
 */
const DesktopGate = lazy(() => import("~/components/desktop-gate/DesktopGate").then((module) => ({ default: module.DesktopGate })));

// The stylesheet comes inside the page (app/entry.server.tsx). In development
// it is also loaded as a module, so style changes apply without a reload.
if (import.meta.env.DEV) void import("./app.css");

/**
 * A route that renders fine as plain HTML can opt out of shipping the app's
 * JavaScript with `export const handle = { hydrate: false }` (the landing
 * page does: its budget is smaller than React itself).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** Everything the document needs from the request: the browser, the desktop gate and Cubby's own address. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const userAgent = request.headers.get("User-Agent");
  const gate = desktopGate({
    url,
    userAgent,
    cookieHeader: request.headers.get("Cookie"),
    dev: import.meta.env.DEV,
  });
  if (gate.kind === "dismiss") {
    throw redirect(gate.location, { headers: { "Set-Cookie": gate.setCookie } });
  }
  return {
    browser: classifyBrowser(userAgent),
    appAddress: clientConfig(context.get(cloudflareContext).env).appAddress,
    desktopGate:
      gate.kind === "show"
        ? {
            address: url.origin,
            qrSvg: qrCodeSvg(url.origin, `QR code for ${url.origin}`),
            dismissible: gate.dismissible,
            returnPath: url.pathname,
            returnQuery: [...url.searchParams],
          }
        : null,
  };
}

// The browser and the gate depend only on the User-Agent, and the address on
// the deployment: a navigation changes neither.
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = () => [
  { title: "Cubby" },
  { name: "description", content: "Stress-free school and sports scheduling for parents." },
];

/** The app's stylesheet, in the page on the server; nothing in the browser (it is already there). */
function InlineStyles() {
  const css = use(PageStyles);
  return css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const hydrate = (matches.at(-1)?.handle as RouteHandle | undefined)?.hydrate !== false;
  const gate = useRouteLoaderData<typeof loader>("root")?.desktopGate ?? null;
  const hydrated = useHydrated();
  // React Router would find it itself; said here so the CSP's nonce has one visible way in (ADR 018).
  const nonce = use(PageNonce);

  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#fbf6ef" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#15110e" />
        <meta name="color-scheme" content="light dark" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Cubby" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* Raster icons only: Chrome draws an SVG icon as a document of its own on the page's main thread while the page loads (ADR 012 part 6). */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <Meta />
        <Links />
        <InlineStyles />
      </head>
      <body>
        {/* While the desktop gate is up, nothing behind it can be reached. */}
        {/* Until React has woken up, buttons would swallow taps: they wait (app.css). */}
        <div id="app" inert={gate ? true : undefined} data-waking={hydrate && !hydrated ? "" : undefined}>
          {children}
        </div>
        {gate ? <DesktopGate {...gate} /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** spec §2's generic router error screen (a server's own errors reach it as React Router's "Unexpected Server Error", never their stack). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { details, stack } = errorScreenText(error, isRouteErrorResponse(error) ? error : null);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-safe pt-safe pb-safe">
      <div className="flex flex-1 flex-col justify-center gap-3 py-10">
        <h1 className="text-title text-ink">Unexpected Application Error!</h1>
        <h2 className="text-headline text-ink-soft">{details}</h2>
        {stack ? (
          <pre className="mt-4 max-h-[50dvh] overflow-auto rounded-field bg-sunken p-4 text-footnote text-ink-soft">
            <code>{stack}</code>
          </pre>
        ) : null}
      </div>
      {/* A full page load: whatever broke is left behind. */}
      <ButtonAnchor href="/">Go Home</ButtonAnchor>
    </main>
  );
}
