/**
 * spec §1 "Desktop gate": on a desktop browser Cubby asks to be opened on a
 * phone, with a QR code and the address. Everything here is server-rendered
 * and works without JavaScript (the landing page ships none).
 *
 * In development only, "Continue anyway" dismisses it: the <form
 * method="dialog"> would close it in place, and its button submits a GET to
 * the same page with ?desktop=1 instead, which the root loader turns into a
 * cookie so it stays dismissed across navigations.
 */
import { CubbyMark } from "~/components/ui/CubbyMark";
import { buttonClass } from "~/components/ui/Button";
import { DESKTOP_PARAM } from "~/lib/desktop-gate";

export interface DesktopGateProps {
  /** The address to open on a phone, shown as text under the code. */
  address: string;
  /** SVG markup of the QR code for `address` (with its accessible name), made on the server. */
  qrSvg: string;
  /** Development only. */
  dismissible: boolean;
  /** The page to stay on when dismissed: its path and query. */
  returnPath: string;
  returnQuery: [string, string][];
}

export function DesktopGate({ address, qrSvg, dismissible, returnPath, returnQuery }: DesktopGateProps) {
  return (
    <div className="fixed inset-0 z-[60] grid place-items-center overflow-y-auto bg-canvas/85 p-6 backdrop-blur-md">
      <dialog
        open
        aria-modal="true"
        aria-labelledby="desktop-gate-title"
        aria-describedby="desktop-gate-description"
        className="relative m-0 flex w-full max-w-sm animate-rise flex-col items-center rounded-card border border-line bg-surface px-8 pt-9 pb-8 text-center text-ink shadow-float"
      >
        <CubbyMark size={56} className="rounded-2xl shadow-card" />
        <h2 id="desktop-gate-title" className="mt-5 text-title">
          Designed for Mobile
        </h2>
        <p id="desktop-gate-description" className="mt-2 text-callout text-ink-soft">
          Cubby is made for your phone. Point your phone's camera at the code to open it there.
        </p>
        <div
          className="mt-6 size-48 rounded-2xl bg-white p-2 shadow-card ring-1 ring-line"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <p className="mt-4 font-mono text-callout font-medium break-all text-ink">{address}</p>
        {dismissible ? (
          <form method="dialog" className="mt-6 w-full">
            {returnQuery.map(([name, value], index) => (
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            <button
              type="submit"
              formMethod="get"
              formAction={returnPath}
              name={DESKTOP_PARAM}
              value="1"
              className={buttonClass("secondary")}
            >
              Continue anyway
            </button>
            <p className="mt-2 text-footnote text-ink-faint">Shown in development only.</p>
          </form>
        ) : null}
      </dialog>
    </div>
  );
}
