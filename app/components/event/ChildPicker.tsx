/**
 * The drawer's children line (spec §2: tagged children with first names) as a
 * control. Beyond the spec, the parent corrects whose event it is in a small
 * list of their kids; the pick is kept as a draft until Save, so one save
 * carries the whole correction. Disabled in demo mode, like Hide (spec §4).
 */
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { PersonIcon } from "~/components/ui/icons";
import { CheckIcon } from "~/components/ui/screen-icons";
import { avatarSrc, gradeLabel } from "~/lib/child";
import { samePick, taggedChildren, toggleChild } from "~/lib/event-children";
import type { Child } from "~/lib/profile";

type Kid = Pick<Child, "_id" | "firstName" | "grade" | "avatarId">;

export interface ChildPickerProps {
  /** The parent's children, in the order they added them. */
  kids: readonly Kid[];
  taggedPeople: readonly string[];
  disabled?: boolean;
  /** A save is on its way: a second one waits for it. */
  busy?: boolean;
  onSave: (taggedPeople: string[]) => void;
}

function Avatar({ kid, size }: { kid: Kid; size: number }) {
  return <img src={avatarSrc(kid.avatarId)} alt="" width={size} height={size} className="shrink-0 rounded-full bg-sunken" style={{ width: size, height: size }} />;
}

export function ChildPicker({ kids, taggedPeople, disabled = false, busy = false, onSave }: ChildPickerProps) {
  // null while closed; the pick being made while open.
  const [draft, setDraft] = useState<string[] | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const tagged = taggedChildren(taggedPeople, kids);
  // No children on the profile (or none loaded, as in the tutorial): nothing to show or pick.
  if (!kids.length) return null;

  const current = tagged.map((kid) => kid._id);
  const open = draft !== null;

  function close() {
    setDraft(null);
    // The list goes away under the focus: hand it back to the control that opened it.
    toggle.current?.focus();
  }

  function save() {
    if (draft && !samePick(draft, current)) onSave(draft);
    close();
  }

  // While the list is open, Escape closes it, not the whole drawer (the dialog listens for it too).
  function onKeyDown(event: KeyboardEvent) {
    if (!open || event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    close();
  }

  return (
    // The wrapper only hears Escape bubbling up from the Edit button, the checkboxes and Save/Cancel.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions
    <div onKeyDown={onKeyDown} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-1.5">
        {tagged.map((kid) => (
          <span key={kid._id} className="inline-flex items-center gap-1.5 rounded-full bg-sky-soft py-0.5 pr-3 pl-0.5 text-callout font-medium text-ink">
            <Avatar kid={kid} size={24} />
            {kid.firstName}
          </span>
        ))}
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={tagged.length ? "Edit children" : undefined}
          aria-disabled={busy || undefined}
          disabled={disabled}
          onClick={() => (open ? close() : busy ? undefined : setDraft(current))}
          className={`-my-2 inline-flex min-h-touch items-center rounded-full px-2.5 ${tagged.length ? "" : "-ml-2.5"} text-callout font-semibold text-brand transition active:scale-95 disabled:opacity-40 aria-disabled:opacity-60`}
        >
          {tagged.length ? (
            "Edit"
          ) : (
            <>
              <PersonIcon size={18} className="mr-1.5" />
              Tag children
            </>
          )}
        </button>
      </div>

      {open ? (
        <fieldset id={panelId} className="min-w-0 motion-safe:animate-fade-in">
          <legend className="sr-only">Your Kids</legend>
          <div className="rounded-field border border-line bg-canvas p-1.5">
            <p aria-hidden="true" className="px-2.5 pt-1 pb-1.5 text-footnote font-semibold text-ink-faint">
              Your Kids
            </p>
            <ul className="flex flex-col gap-0.5">
              {kids.map((kid) => {
                const picked = draft.includes(kid._id);
                return (
                  <li key={kid._id}>
                    <label
                      className={`relative flex min-h-touch cursor-pointer items-center gap-3 rounded-field px-2.5 py-1.5 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-brand active:bg-sunken ${picked ? "bg-surface shadow-card" : ""}`}
                    >
                      {/* Invisible but as large as the row, so the tap lands on the checkbox itself. */}
                      <input
                        type="checkbox"
                        checked={picked}
                        onChange={() => setDraft(toggleChild(draft, kid._id, kids))}
                        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                      />
                      <Avatar kid={kid} size={36} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-body leading-tight font-semibold text-ink">{kid.firstName}</span>
                        <span className="block truncate text-footnote text-ink-soft">{gradeLabel(kid.grade)}</span>
                      </span>
                      <span
                        aria-hidden="true"
                        className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 transition-colors ${picked ? "border-brand bg-brand text-surface" : "border-line-strong"}`}
                      >
                        {picked ? <CheckIcon size={14} strokeWidth={3.2} /> : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            <div className="flex justify-end gap-1 pt-1.5">
              <button type="button" onClick={close} className="min-h-touch rounded-full px-4 text-callout font-semibold text-ink-soft active:bg-sunken">
                Cancel
              </button>
              <button type="button" onClick={save} className="min-h-touch rounded-full bg-ink px-5 text-callout font-semibold text-on-ink transition active:scale-95">
                Save
              </button>
            </div>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
