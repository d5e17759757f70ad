/**
 * The green check of the Ready screens: a ring that fills and a tick that
 * draws itself, in CSS only (still under "reduce motion").
 */
const STYLE = `
.cb-check .ring { stroke-dasharray: 252; stroke-dashoffset: 252; animation: cb-draw .7s cubic-bezier(.65,0,.35,1) .1s forwards; }
.cb-check .fill { transform-origin: 50% 50%; transform: scale(0); animation: cb-pop .45s cubic-bezier(.34,1.56,.64,1) .65s forwards; }
.cb-check .tick { stroke-dasharray: 60; stroke-dashoffset: 60; animation: cb-draw .4s cubic-bezier(.65,0,.35,1) .95s forwards; }
.cb-check { animation: cb-bump .5s ease-out 1.25s both; }
@keyframes cb-draw { to { stroke-dashoffset: 0; } }
@keyframes cb-pop { to { transform: scale(1); } }
@keyframes cb-bump { 40% { transform: scale(1.06); } }
@media (prefers-reduced-motion: reduce) {
  .cb-check, .cb-check * { animation: none !important; stroke-dashoffset: 0 !important; transform: none !important; }
}
`;

export function ReadyCheck({ size = 120 }: { size?: number }) {
  return (
    <svg className="cb-check" width={size} height={size} viewBox="0 0 88 88" aria-hidden="true">
      <style>{STYLE}</style>
      <circle className="fill" cx="44" cy="44" r="40" fill="var(--color-success)" />
      <circle className="ring" cx="44" cy="44" r="40" fill="none" stroke="var(--color-success)" strokeWidth="4" transform="rotate(-90 44 44)" />
      <path className="tick" d="M27 45.5l11 11 23-24" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
