/** An address with a copy control; copying confirms with spec §8's 'Copied to Clipboard' toast. */
import { CheckIcon, CopyIcon } from "./screen-icons";
import { useToast } from "./toast-context";

export function CopyField({ value, label, onCopied }: { value: string; label: string; onCopied?: () => void }) {
  const showToast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ icon: <CheckIcon />, title: "Copied to Clipboard", description: value });
      onCopied?.();
    } catch (error) {
      console.error("Failed to copy", error);
    }
  }

  return (
    <div className="flex items-center gap-2 rounded-card border border-line bg-surface py-2 pr-2 pl-4 shadow-card">
      <div className="min-w-0 flex-1">
        <p className="text-footnote text-ink-faint">{label}</p>
        <p className="font-mono text-callout font-semibold break-all text-ink">{value}</p>
      </div>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
        className="inline-flex min-h-touch shrink-0 items-center gap-1.5 rounded-full bg-brand-soft px-4 text-callout font-semibold text-brand active:scale-95"
      >
        <CopyIcon size={18} />
        Copy
      </button>
    </div>
  );
}
