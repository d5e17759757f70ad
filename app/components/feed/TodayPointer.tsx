/**
 * spec §2 "'Today' pointer": when today's day is off-screen a pill points up
 * or down to it; a tap scrolls back.
 */
import { useEffect, useState } from "react";
import { dayElementId } from "./DayBlock";

type Where = "visible" | "above" | "below";

export function TodayPointer({ today, ready }: { today: string; ready: boolean }) {
  const [where, setWhere] = useState<Where>("visible");

  useEffect(() => {
    if (!ready) return;
    const element = document.getElementById(dayElementId(today));
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      if (entry.isIntersecting) setWhere("visible");
      else setWhere(entry.boundingClientRect.top < 0 ? "above" : "below");
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [today, ready]);

  if (where === "visible") return null;
  // Centred, unless the screen is narrow for its text (an em breakpoint: 200 % text makes a phone
  // about 12em wide): then it keeps to the left, clear of the grown link button on the right.
  return (
    <button
      type="button"
      onClick={() => document.getElementById(dayElementId(today))?.scrollIntoView({ behavior: "smooth", block: "start" })}
      className="fixed bottom-[calc(max(env(safe-area-inset-bottom),1rem)+0.25rem)] left-1/2 z-20 flex min-h-touch -translate-x-1/2 max-[22em]:left-[max(env(safe-area-inset-left),1.25rem)] max-[22em]:translate-x-0 items-center gap-1.5 rounded-full bg-ink px-5 text-callout font-semibold text-on-ink shadow-float motion-safe:animate-rise"
    >
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={where === "above" ? "M12 19V5M5 12l7-7 7 7" : "M12 5v14M5 12l7 7 7-7"} />
      </svg>
      Today
    </button>
  );
}
