/**
 * The watchlist on the profile (spec §6: Gmail parents only): the addresses
 * and domains Cubby reads, with a way to change them.
 */
import { useEffect, useState } from "react";
import { MailIcon } from "~/components/ui/icons";
import { CARD, RowLink } from "./Section";

export function FollowedSenders() {
  const [watchlist, setWatchlist] = useState<string[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/watchlist", { credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Watchlist answered ${response.status}`);
        setWatchlist(((await response.json()) as { watchlist: string[] }).watchlist);
      })
      .catch((error) => {
        if (!controller.signal.aborted) console.error("Failed to load watchlist", error);
      });
    return () => controller.abort();
  }, []);

  return (
    <ul aria-label="Followed addresses" className={CARD}>
      {(watchlist ?? []).map((address) => (
        <li key={address} className="flex min-h-touch items-center gap-3 px-4 py-3">
          <MailIcon size={18} className="shrink-0 text-ink-faint" />
          <span className="min-w-0 flex-1 truncate text-callout text-ink">{address}</span>
        </li>
      ))}
      <li>
        <RowLink to="/join/watchlist">{watchlist?.length ? "Change Addresses" : "Add Addresses"}</RowLink>
      </li>
    </ul>
  );
}
