/**
 * Where Cubby found an event (spec §2 drawer "sources"): a person avatar per
 * mention and a note such as '2 mentions' with relative times. A tap opens
 * the message or page.
 */
import { initials } from "~/lib/initials";
import type { Mention } from "~/lib/event";
import { CubbyMark } from "~/components/ui/CubbyMark";
import { useAppAddress } from "~/components/ui/use-app-address";
import { isAppAddress } from "~/lib/app-address";

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, "hour");
  return relative.format(Math.round(hours / 24), "day");
}

export function Sources({
  mentions,
  demo = false,
  onOpen,
}: {
  mentions: readonly Mention[];
  /** The tutorial's sample event: its one mention is Cubby's welcome message. */
  demo?: boolean;
  onOpen?: (sourceId: string) => void;
}) {
  const appAddress = useAppAddress();
  if (!mentions.length) return null;
  return (
    <section className="flex flex-col gap-2 border-t border-line pt-4" aria-label="Sources">
      <p className="text-footnote font-semibold text-ink-faint">
        {mentions.length === 1 ? "1 mention" : `${mentions.length} mentions`}
      </p>
      <ul className="flex flex-col gap-1">
        {mentions.map((mention) => {
          const who = mention.sourceSender || mention.sourceAddress || "Unknown sender";
          const body = (
            <>
              {demo || isAppAddress(mention.sourceAddress, appAddress) ? (
                <CubbyMark size={36} className="rounded-full" />
              ) : (
                <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sky-soft text-footnote font-semibold text-sky">
                  {initials(who)}
                </span>
              )}
              <span className="min-w-0 flex-1">
                {/* A sender can be a bare address: it wraps anywhere rather than being cut at large text. */}
                <span className="block text-callout font-medium wrap-anywhere text-ink">{who}</span>
                <span className="block text-footnote text-ink-faint">
                  {mention.sourceType.startsWith("url") ? "Webpage" : "Email"}
                  {mention.sourceType.includes("pdf") ? " · PDF" : ""} · {relativeTime(mention.sourceDate)}
                </span>
              </span>
            </>
          );
          return (
            <li key={mention._id}>
              {onOpen ? (
                <button type="button" onClick={() => onOpen(mention.sourceContentId)} className="flex min-h-touch w-full items-center gap-3 rounded-field py-1.5 text-left active:bg-sunken">
                  {body}
                </button>
              ) : (
                <div className="flex min-h-touch items-center gap-3 py-1.5">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
