/**
 * spec §2 "Event-count and progress indicator": a circular progress with the
 * count inside, for the message check (spec §4's states, use-message-check.ts):
 * filling while mail is read, full when done, red when the check failed, grey
 * while it is closed (offline).
 */
import type { CheckState } from "./use-message-check";

const TONE = { error: "var(--color-danger)", closed: "var(--color-ink-faint)", progress: "var(--color-brand)" } as const;
const SAID = { error: "Could not check messages", closed: "Offline", progress: undefined } as const;

/** What the ring shows for a check state: how full, how many events found so far, and its tone. */
export function ringOf(check: CheckState): { percent: number | null; count: number; tone: keyof typeof TONE } {
  switch (check.status) {
    case "progress":
      return { percent: check.percent, count: check.eventsCount, tone: "progress" };
    case "complete":
      return { percent: null, count: check.eventsCount, tone: "progress" };
    case "loading":
      return { percent: 0, count: 0, tone: "progress" };
    case "error":
    case "closed":
      return { percent: 0, count: 0, tone: check.status };
  }
}

export function ProgressRing({ check, size = 44 }: { check: CheckState; size?: number }) {
  const { percent, count, tone } = ringOf(check);
  const radius = size / 2 - 3;
  const circumference = 2 * Math.PI * radius;
  const shown = percent ?? 1;
  return (
    <span
      role="progressbar"
      aria-label="Checking messages"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown * 100)}
      aria-valuetext={SAID[tone]}
      data-state={check.status}
      className="relative inline-flex shrink-0 items-center justify-center"
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} className="-rotate-90" aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke={tone === "progress" ? "var(--color-line)" : TONE[tone]} strokeWidth={4} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={TONE[tone]}
          strokeWidth={4}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - shown)}
          className="transition-[stroke-dashoffset] duration-300"
        />
      </svg>
      <span className="absolute text-footnote font-semibold text-ink tabular-nums">{count}</span>
    </span>
  );
}
