/** spec §1: the notice under every feed. */
import { SparkleIcon } from "~/components/ui/icons";

export function FeedFooter() {
  return (
    <footer className="mt-10 flex items-center justify-center gap-2 pb-safe text-center text-footnote text-ink-soft">
      <SparkleIcon size={16} />
      <p>Check important dates. AI can make mistakes.</p>
    </footer>
  );
}
