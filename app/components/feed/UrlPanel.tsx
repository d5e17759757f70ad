/**
 * spec §2 "URL create widget", §4, §5: the form the floating button opens
 * (UrlWidget.tsx), to grab events from a web page or PDF. Loaded when the
 * parent first opens it; it stays mounted afterwards, so a closed panel keeps
 * its URL and a fetch under way, as before the split (ADR 012). States: idle, fetching (input
 * disabled), success (the count); Continue resets and opens the source card
 * only when events were found. Its outcomes are spec §8's three words for
 * words: 'Finding events…', 'Great! We found N new events', 'No events found.
 * Try a different URL.' (a page Cubby refuses to fetch included); other
 * failures are logged only. Web pages are Premium (spec §6): a Basic parent's
 * panel shows the Premium tag and the way to upgrade, not a form the server
 * would refuse.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { isOffline, offlineToast } from "~/components/offline/connection";
import { Button } from "~/components/ui/Button";
import { useToast } from "~/components/ui/toast-context";
import { CloseIcon } from "~/components/ui/icons";
import { PremiumPill } from "~/components/upgrade/PremiumPill";
import { useBillingLink } from "~/components/upgrade/use-billing-link";
import { foundMessage, urlProblem, withScheme } from "~/lib/feed/url-form";
import { PREMIUM_URLS } from "~/lib/subscription";

/** spec §9: validation hints disappear after 2.5 s. */
export const HINT_MS = 2500;

type Stage =
  | { name: "idle" }
  | { name: "fetching" }
  | { name: "success"; id: string; eventsCount: number; newEventsCount: number };

export default function UrlPanel({
  open,
  premium,
  onClose,
  onFound,
}: {
  open: boolean;
  premium: boolean;
  /** `refocus`: nothing shows next, so focus goes back to the floating button. */
  onClose: (refocus: boolean) => void;
  onFound: (sourceId: string) => void;
}) {
  const toast = useToast();
  const [url, setUrl] = useState("");
  // Each hint is a new object, so the same words shown again get their full 2.5 s.
  const [shown, setShown] = useState<{ text: string } | null>(null);
  const hint = shown?.text ?? null;
  const setHint = (text: string) => setShown({ text });
  const [stage, setStage] = useState<Stage>({ name: "idle" });
  // The server's word wins: a subscription that lapsed since the page came is refused (403).
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function dismiss() {
    onClose(true);
  }

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), HINT_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (stage.name === "fetching") return;
    const problem = urlProblem(url);
    if (problem) {
      setHint(problem);
      input.current?.focus();
      return;
    }
    if (isOffline()) {
      toast(offlineToast("Adding a web page"));
      return;
    }
    setStage({ name: "fetching" });
    try {
      const response = await fetch(`/api/checkurl?url=${encodeURIComponent(withScheme(url))}`, { credentials: "include" });
      if (response.status === 403) {
        setRefused(true);
        setStage({ name: "idle" });
        return;
      }
      // An address Cubby will not fetch (not public, not http): no events from it.
      if (response.status === 422) {
        setStage({ name: "success", id: "", eventsCount: 0, newEventsCount: 0 });
        return;
      }
      if (!response.ok) throw new Error(`URL check answered ${response.status}`);
      const { data } = (await response.json()) as { data: { id: string; eventsCount: number; newEventsCount: number } };
      setStage({ name: "success", id: data.id, eventsCount: data.eventsCount, newEventsCount: data.newEventsCount });
    } catch (error) {
      // spec §8: logged only, and the fetching state clears.
      console.error("Failed to check URL", error);
      setStage({ name: "idle" });
    }
  }

  function reset() {
    const done = stage;
    setStage({ name: "idle" });
    setUrl("");
    const found = done.name === "success" && done.eventsCount > 0;
    onClose(!found);
    if (found) onFound(done.id);
  }

  /** Escape does what the panel's own way out does: Close on the form, Continue after a success. */
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    if (stage.name === "success") reset();
    else dismiss();
  }

  if (!open) return null;
  const basic = !premium || refused;

  return (
    // A named region, so the open panel sits in a landmark; Escape closes it from anywhere inside
    // (the keys come from the panel's own controls, the region itself takes no focus).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-label="Grab events from a webpage"
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md px-3 pb-safe motion-safe:animate-rise"
    >
      <div className="rounded-card border border-line bg-surface p-4 shadow-float">
        {basic ? (
          <PremiumOnly onClose={dismiss} />
        ) : stage.name === "success" ? (
          <div className="flex flex-col items-center gap-3 py-2 text-center">
            <p className="text-headline text-ink" role="status">
              {foundMessage(stage.newEventsCount)}
            </p>
            <Button onClick={reset}>Continue</Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-2">
            <div className="flex items-center justify-between">
              <label htmlFor={`${hintId}-url`} className="font-display text-headline text-ink">
                Enter URL Here
              </label>
              <button
                type="button"
                aria-label="Close"
                onClick={dismiss}
                className="-mr-2 inline-flex size-touch items-center justify-center rounded-full text-ink-faint"
              >
                <CloseIcon size={20} />
              </button>
            </div>
            <div className="flex items-center gap-2">
              <div className="relative flex-1">
                <input
                  ref={input}
                  id={`${hintId}-url`}
                  // oxlint-disable-next-line jsx-a11y/no-autofocus -- the form opens because the parent asked to type
                  autoFocus
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  value={url}
                  disabled={stage.name === "fetching"}
                  aria-invalid={hint ? true : undefined}
                  aria-describedby={hintId}
                  onChange={(event) => setUrl(event.target.value)}
                  placeholder="https://"
                  // The field's own focus look (as TextField's): a brand border and a soft ring, in place of the outline.
                  className={`h-touch w-full rounded-field border bg-canvas px-3 pr-11 text-body text-ink outline-none focus:ring-4 focus:ring-brand-soft disabled:opacity-60 ${
                    hint ? "border-danger" : "border-line-strong focus:border-brand"
                  }`}
                />
                {url && stage.name !== "fetching" ? (
                  <button
                    type="button"
                    aria-label="Clear"
                    onClick={() => setUrl("")}
                    className="absolute top-0 right-0 inline-flex size-touch items-center justify-center text-ink-faint"
                  >
                    <CloseIcon size={16} />
                  </button>
                ) : null}
              </div>
              <button
                type="submit"
                aria-label="Find events"
                disabled={stage.name === "fetching"}
                className="inline-flex size-touch shrink-0 items-center justify-center rounded-full bg-ink text-on-ink disabled:opacity-60"
              >
                {stage.name === "fetching" ? (
                  <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-on-ink/40 border-t-on-ink" />
                ) : (
                  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" aria-hidden="true">
                    <path d="M5 12h14M13 6l6 6-6 6" />
                  </svg>
                )}
              </button>
            </div>
            <p id={hintId} role={hint ? "alert" : undefined} className={`text-footnote ${hint ? "text-danger" : "text-ink-faint"}`}>
              {stage.name === "fetching" ? "Finding events. This will take a few seconds..." : (hint ?? "Grab events from any webpage or PDF")}
            </p>
          </form>
        )}
      </div>
    </section>
  );
}

/** A Basic parent's panel: what the widget does, that it is Premium, and the checkout. */
function PremiumOnly({ onClose }: { onClose: () => void }) {
  const checkout = useBillingLink("checkout");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="font-display text-headline text-ink">Grab events from any webpage or PDF</p>
        <button type="button" aria-label="Close" onClick={onClose} className="-mr-2 inline-flex size-touch shrink-0 items-center justify-center rounded-full text-ink-faint">
          <CloseIcon size={20} />
        </button>
      </div>
      <p className="flex items-center gap-2 text-callout text-ink-soft">
        <PremiumPill />
        {PREMIUM_URLS}
      </p>
      {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- the panel opens because the parent asked; its one action takes focus, as the form's field does */}
      <Button autoFocus onClick={checkout.open} disabled={checkout.opening} aria-busy={checkout.opening}>
        Upgrade
      </Button>
    </div>
  );
}
