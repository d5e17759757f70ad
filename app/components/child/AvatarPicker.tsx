/**
 * The avatar carousel of the child form: the six animal avatars in a
 * swipeable row, chosen like radio buttons (arrow keys work too).
 */
import { AVATAR_IDS, avatarSrc } from "~/lib/child";

const NAMES: Record<string, string> = {
  dolphin: "Dolphin",
  unicorn: "Unicorn",
  eagle: "Eagle",
  trex: "T. rex",
  kitten: "Kitten",
  penguin: "Penguin",
};

export function AvatarPicker({ value, onChange }: { value: string; onChange: (avatarId: string) => void }) {
  return (
    <fieldset className="-mx-5">
      <legend className="sr-only">Avatar</legend>
      <div className="flex snap-x snap-mandatory gap-3 overflow-x-auto px-5 pt-1 pb-3 [scrollbar-width:none]">
        {AVATAR_IDS.map((id) => (
          <label key={id} className="group relative shrink-0 snap-center cursor-pointer">
            <input
              type="radio"
              name="avatar"
              value={id}
              checked={value === id}
              onChange={() => onChange(id)}
              className="peer sr-only"
            />
            <span className="block rounded-full p-1 ring-3 ring-transparent transition peer-checked:ring-brand peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand">
              <img
                src={avatarSrc(id)}
                alt={NAMES[id]}
                width={84}
                height={84}
                className="size-21 rounded-full bg-sunken transition group-active:scale-95"
              />
            </span>
            <span
              aria-hidden="true"
              className="absolute right-0 bottom-1 hidden size-6 items-center justify-center rounded-full bg-brand text-on-accent shadow-card peer-checked:flex"
            >
              <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
