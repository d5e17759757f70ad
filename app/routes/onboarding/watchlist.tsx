/**
 * /join/watchlist: the teacher, coach and school addresses (or whole domains)
 * whose emails Cubby scans (spec §2 "Onboarding screens" 4, §4 "Watchlist").
 *
 * Adding shows the item at once and takes it back if the server refuses;
 * removing waits for the server. While either is in flight, more are ignored.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Route } from "./+types/watchlist";
import { useHint } from "~/components/onboarding/use-hint";
import { Suggestions } from "~/components/onboarding/Suggestions";
import { Button, ButtonLink } from "~/components/ui/Button";
import { CloseIcon, MailIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { Screen } from "~/components/ui/Screen";
import { TextField } from "~/components/ui/TextField";
import { checkWatchlistAddress, watchlistSuggestions } from "~/lib/watchlist";
import { useProfile } from "~/components/session/SignedIn";
import { afterMailSetup } from "~/lib/onboarding-end";

/** Asking again for suggestions while none have come: up to 10 s after the page opens. */
const SUGGESTION_RETRIES = 5;
const SUGGESTION_RETRY_MS = 2000;

export const meta: Route.MetaFunction = () => [{ title: "Setup your addresses · Cubby" }];

function sendWatchlist(method: "POST" | "DELETE", address: string) {
  return fetch("/api/watchlist", {
    method,
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ address }),
  });
}

export default function Watchlist() {
  const onward = afterMailSetup(useProfile().state.profile?.calendarProvider);
  const [saved, setSaved] = useState<string[]>([]);
  const [adding, setAdding] = useState<string | null>(null);
  const [known, setKnown] = useState<string[]>([]);
  const [input, setInput] = useState("");
  const [hint, showHint] = useHint();
  const [helpOpen, setHelpOpen] = useState(false);
  const busy = useRef(false);
  /** How many recent Gmail messages each suggested sender sent. */
  const [counts, setCounts] = useState<Map<string, number>>(new Map());

  useEffect(() => {
    const controller = new AbortController();
    const get = async <T,>(path: string): Promise<T> => {
      const response = await fetch(path, { credentials: "include", signal: controller.signal });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    // Both lists update only if both calls succeed (spec §7). A parent who has
    // just connected Gmail gets suggestions a moment later (read from their
    // recent mail's headers after the grant), so an empty list is asked again.
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      Promise.all([
        get<{ addresses: { address: string; count?: number }[] }>("/api/addresses"),
        get<{ watchlist: string[] }>("/api/watchlist"),
      ])
        .then(([addresses, list]) => {
          setKnown(addresses.addresses.map((entry) => entry.address));
          setCounts(new Map(addresses.addresses.map((entry) => [entry.address.toLowerCase(), entry.count ?? 0])));
          // Asked again, the followed list may be behind an add in flight: keep the one on screen.
          if (attempts === 0) setSaved(list.watchlist);
          if (!addresses.addresses.length && ++attempts < SUGGESTION_RETRIES) retry = setTimeout(load, SUGGESTION_RETRY_MS);
        })
        .catch((error) => {
          if (!controller.signal.aborted) console.error("Failed to load watchlist", error);
        });
    void load();
    return () => {
      clearTimeout(retry);
      controller.abort();
    };
  }, []);

  const watchlist = adding ? [...saved, adding] : saved;
  const suggestions = watchlistSuggestions(known, watchlist);

  async function add(raw: string) {
    if (busy.current) return;
    const check = checkWatchlistAddress(raw);
    if (!check.ok) return showHint(check.message);
    setInput("");
    if (watchlist.includes(check.address)) return;
    busy.current = true;
    setAdding(check.address);
    try {
      const response = await sendWatchlist("POST", check.address);
      if (response.ok) setSaved((list) => [...list, check.address]);
    } catch (error) {
      console.error("Failed to add to watchlist", error);
    } finally {
      // Confirmed items are in `saved` now; a refused one simply disappears.
      setAdding(null);
      busy.current = false;
    }
  }

  async function remove(address: string) {
    if (busy.current) return;
    busy.current = true;
    try {
      const response = await sendWatchlist("DELETE", address);
      if (response.ok) setSaved((list) => list.filter((item) => item !== address));
    } catch (error) {
      console.error("Failed to remove from watchlist", error);
    } finally {
      busy.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void add(input);
  }

  return (
    <Screen
      back="history"
      help={{ label: "Which emails are scanned", onOpen: () => setHelpOpen(true) }}
      title="Setup your addresses"
      lead="Add the teachers, coaches and schools whose emails should become events."
      actions={
        watchlist.length > 0 ? (
          <ButtonLink to={onward}>Continue</ButtonLink>
        ) : (
          <Button disabled>Continue</Button>
        )
      }
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email address or domain"
          hideLabel
          type="email"
          inputMode="email"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          placeholder="Type in email address or domain"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          invalid={Boolean(hint)}
          message={hint}
          trailing={
            <button type="submit" className="min-h-touch rounded-[10px] px-3 text-callout font-semibold text-brand">
              Add
            </button>
          }
        />
      </form>

      {watchlist.length > 0 ? (
        <ul aria-label="Followed addresses" className="flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card">
          {watchlist.map((address) => (
            // Being saved: a spinner where the remove button goes. Faded text would fail contrast (axe, issue 31).
            <li key={address} aria-busy={address === adding} className="flex items-center gap-3 py-1 pr-1 pl-4">
              <MailIcon size={18} className="shrink-0 text-ink-faint" />
              <span className="min-w-0 flex-1 truncate text-callout">{address}</span>
              {address === adding ? (
                <span className="inline-flex size-touch items-center justify-center" aria-hidden="true">
                  <span className="size-4 animate-spin rounded-full border-2 border-line-strong border-t-brand motion-reduce:animate-none" />
                </span>
              ) : (
                <button
                  type="button"
                  aria-label={`Remove ${address}`}
                  onClick={() => void remove(address)}
                  className="inline-flex size-touch items-center justify-center rounded-full text-ink-faint hover:text-ink"
                >
                  <CloseIcon size={18} />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <Suggestions
        items={suggestions.map((address) => {
          const count = counts.get(address);
          return { key: address, label: address, detail: count ? (count === 1 ? "1 email" : `${count} emails`) : undefined };
        })}
        onPick={(address) => void add(address)}
      />

      <Prompt
        open={helpOpen}
        icon={<MailIcon size={40} />}
        title="Which emails are scanned"
        description="Only emails from the addresses and domains you enter here are scanned. Everything else in your inbox is left alone."
        onConfirm={() => setHelpOpen(false)}
      />
    </Screen>
  );
}
