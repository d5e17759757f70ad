/** A validation hint that disappears on its own after 2.5 s (spec §4, §9). */
import { useCallback, useEffect, useRef, useState } from "react";

export const HINT_MS = 2500;

export function useHint(): [string | null, (message: string | null) => void] {
  const [hint, setHint] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((message: string | null) => {
    clearTimeout(timer.current);
    setHint(message);
    if (message) timer.current = setTimeout(() => setHint(null), HINT_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return [hint, show];
}
