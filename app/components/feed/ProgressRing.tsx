/** spec §2 "Event-count and progress indicator": a circular progress with the count inside. */
export function ProgressRing({ percent, count, size = 44 }: { percent: number | null; count: number; size?: number }) {
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
      className="relative inline-flex shrink-0 items-center justify-center"
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} className="-rotate-90" aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke="var(--color-line)" strokeWidth={4} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--color-brand)"
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
