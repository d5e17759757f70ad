/**
 * spec §2 drawer disclosure menu: Hide Event (with one of the three reasons)
 * or Unhide Event. Disabled in demo mode (spec §4).
 */
import { useState } from "react";
import { MoreVerticalIcon } from "~/components/ui/screen-icons";

export const DISLIKE_REASONS = ["Wrong date or time", "Details are incorrect", "Irrelevant info"] as const;
export type DislikeReason = (typeof DISLIKE_REASONS)[number];

export function HideMenu({ hidden, disabled, onHide, onUnhide }: { hidden: boolean; disabled: boolean; onHide: (reason: DislikeReason) => void; onUnhide: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="absolute top-1.5 right-13 z-10">
      <button
        type="button"
        aria-label="Event options"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-touch items-center justify-center rounded-full text-ink-soft disabled:opacity-40"
      >
        <MoreVerticalIcon size={20} />
      </button>
      {open ? (
        <div className="absolute top-full right-0 w-64 rounded-field border border-line bg-surface p-1.5 shadow-float motion-safe:animate-fade-in">
          {hidden ? (
            <button type="button" onClick={() => (setOpen(false), onUnhide())} className="flex min-h-touch w-full items-center rounded-field px-3 text-left text-callout font-semibold text-ink active:bg-sunken">
              Unhide Event
            </button>
          ) : (
            <>
              <p className="px-3 pt-1.5 pb-1 text-footnote font-semibold text-ink-faint">Hide Event</p>
              {DISLIKE_REASONS.map((reason) => (
                <button
                  key={reason}
                  type="button"
                  onClick={() => (setOpen(false), onHide(reason))}
                  className="flex min-h-touch w-full items-center rounded-field px-3 text-left text-callout text-ink active:bg-sunken"
                >
                  {reason}
                </button>
              ))}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
