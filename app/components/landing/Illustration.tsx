/**
 * The landing illustration: a family cubby shelf under a rising sun, with
 * school and team e-mail drifting in and turning into neat event cards.
 *
 * Pure SVG animated with CSS keyframes, so it moves without any JavaScript
 * (the landing page ships none) and holds still under "reduce motion".
 * Colours come from the design tokens, so it follows dark mode too.
 */

const STYLE = `
.cb-ill { overflow: visible; }
.cb-ill .glow { fill: var(--color-sun-soft); }
@media (prefers-color-scheme: dark) {
  .cb-ill .glow { opacity: .6; }
  .cb-ill .card { fill: var(--color-sunken); stroke: var(--color-line-strong); stroke-width: 1; filter: none; }
  .cb-ill .cloud { fill: var(--color-line-strong); opacity: .6; }
}
.cb-ill .sun { fill: var(--color-sun); }
.cb-ill .rays { stroke: var(--color-sun); transform-origin: 292px 64px; animation: cb-spin 40s linear infinite; }
.cb-ill .cloud { fill: var(--color-surface); opacity: .9; }
.cb-ill .drift-a { animation: cb-drift 14s ease-in-out infinite; }
.cb-ill .drift-b { animation: cb-drift 18s ease-in-out -6s infinite reverse; }
.cb-ill .card { fill: var(--color-surface); filter: drop-shadow(0 6px 10px rgb(60 40 20 / .14)); }
.cb-ill .line { fill: var(--color-line-strong); }
.cb-ill .line-soft { fill: var(--color-line); }
.cb-ill .bob-1 { animation: cb-bob 5.2s ease-in-out infinite; }
.cb-ill .bob-2 { animation: cb-bob 6s ease-in-out -2s infinite; }
.cb-ill .bob-3 { animation: cb-bob 5.6s ease-in-out -3.6s infinite; }
.cb-ill .mail { animation: cb-mail 7s cubic-bezier(.45,.05,.35,1) infinite; transform-box: fill-box; transform-origin: center; }
.cb-ill .mail-2 { animation-delay: -3.5s; }
.cb-ill .envelope { fill: var(--color-surface); stroke: var(--color-brand); stroke-width: 2.2; stroke-linejoin: round; }
.cb-ill .ball { animation: cb-hop 2.8s cubic-bezier(.3,0,.4,1) infinite; transform-box: fill-box; transform-origin: center bottom; }
.cb-ill .spark { fill: var(--color-sun); animation: cb-twinkle 3.2s ease-in-out infinite; transform-box: fill-box; transform-origin: center; }
.cb-ill .spark-2 { animation-delay: -1.6s; }
.cb-ill .shadow { fill: rgb(60 40 20 / .12); }
@keyframes cb-spin { to { transform: rotate(360deg); } }
@keyframes cb-drift { 50% { transform: translateX(14px); } }
@keyframes cb-bob { 50% { transform: translateY(-7px); } }
@keyframes cb-hop { 0%, 60%, 100% { transform: translateY(0) scale(1, 1); } 30% { transform: translateY(-9px) scale(.98, 1.02); } 58% { transform: translateY(0) scale(1.04, .96); } }
@keyframes cb-mail {
  0% { transform: translate(-70px, -30px) rotate(-14deg) scale(.9); opacity: 0; }
  12% { opacity: 1; }
  55% { transform: translate(40px, 40px) rotate(6deg) scale(1); opacity: 1; }
  75%, 100% { transform: translate(78px, 92px) rotate(0) scale(.4); opacity: 0; }
}
@keyframes cb-twinkle { 0%, 100% { transform: scale(.6); opacity: .4; } 50% { transform: scale(1); opacity: 1; } }
@media (prefers-reduced-motion: reduce) {
  .cb-ill * { animation: none !important; }
  .cb-ill .mail { opacity: 0; }
}
`;

/** One floating event card: an icon dot, a title line and a detail line. */
function EventCard({ x, y, accent, className }: { x: number; y: number; accent: string; className: string }) {
  return (
    <g className={className}>
      <g transform={`translate(${x} ${y})`}>
        <rect className="card" width="112" height="44" rx="12" />
        <circle cx="22" cy="22" r="10" fill={accent} />
        <rect className="line" x="40" y="14" width="56" height="7" rx="3.5" />
        <rect className="line-soft" x="40" y="26" width="38" height="6" rx="3" />
      </g>
    </g>
  );
}

export function Illustration() {
  return (
    <svg
      className="cb-ill h-auto w-full max-w-[24rem]"
      viewBox="0 0 360 300"
      role="img"
      aria-label="A family cubby shelf filling with school and sports events"
    >
      <style>{STYLE}</style>

      {/* Warm morning glow and sun */}
      <circle className="glow" cx="180" cy="172" r="136" />
      <g className="rays" strokeWidth="4" strokeLinecap="round">
        {Array.from({ length: 8 }, (_, i) => (
          <line key={i} x1="292" y1="30" x2="292" y2="38" transform={`rotate(${i * 45} 292 64)`} />
        ))}
      </g>
      <circle className="sun" cx="292" cy="64" r="20" />

      {/* Clouds */}
      <g className="drift-a">
        <path className="cloud" d="M40 62a14 14 0 0 1 26-7 11 11 0 0 1 17 9.5H40z" />
      </g>
      <g className="drift-b">
        <path className="cloud" d="M226 112a10 10 0 0 1 19-5 8 8 0 0 1 12 7h-31z" />
      </g>

      {/* Event cards, already sorted out of the mail */}
      <EventCard className="bob-1" x={26} y={92} accent="var(--color-sage)" />
      <EventCard className="bob-2" x={128} y={52} accent="var(--color-brand)" />
      <EventCard className="bob-3" x={222} y={128} accent="var(--color-sky)" />

      {/* Mail drifting in */}
      <g className="mail">
        <g transform="translate(132 118)">
          <rect className="envelope" width="30" height="21" rx="4" />
          <path className="envelope" d="M2 3l13 9 13-9" fill="none" />
        </g>
      </g>
      <g className="mail mail-2">
        <g transform="translate(120 104)">
          <rect className="envelope" width="26" height="18" rx="4" />
          <path className="envelope" d="M2 3l11 8 11-8" fill="none" />
        </g>
      </g>

      {/* The cubby shelf */}
      <ellipse className="shadow" cx="180" cy="290" rx="122" ry="7" />
      <rect x="64" y="180" width="232" height="108" rx="18" fill="#D49A6A" />
      <rect x="64" y="180" width="232" height="10" rx="5" fill="#E3B389" />
      {[0, 1, 2].map((col) =>
        [0, 1].map((row) => (
          <rect
            key={`${col}-${row}`}
            x={76 + col * 72}
            y={194 + row * 46}
            width="64"
            height="38"
            rx="9"
            fill="#9A5E3A"
          />
        )),
      )}

      {/* Top row: backpack, soccer ball, books */}
      <g transform="translate(92 198)">
        <rect x="0" y="6" width="32" height="30" rx="9" fill="#5F8F6D" />
        <rect x="7" y="20" width="18" height="11" rx="4" fill="#4B7658" />
        <path d="M9 7a7 7 0 0 1 14 0" fill="none" stroke="#4B7658" strokeWidth="3.5" />
      </g>
      <g className="ball">
        <circle cx="180" cy="218" r="13" fill="#FFFFFF" />
        <path d="M180 211l6 4.5-2.3 7h-7.4l-2.3-7z" fill="#2A221D" />
        <circle cx="180" cy="218" r="13" fill="none" stroke="#2A221D" strokeWidth="1.5" />
      </g>
      <g transform="translate(236 202)">
        <rect x="0" y="4" width="9" height="26" rx="2" fill="#6F9FC6" />
        <rect x="10" y="0" width="9" height="30" rx="2" fill="#F2B544" />
        <rect x="20" y="6" width="9" height="24" rx="2" fill="#B9502F" transform="rotate(10 24 18)" />
      </g>

      {/* Bottom row: lunchbox, trophy, art */}
      <g transform="translate(92 246)">
        <rect x="0" y="8" width="32" height="22" rx="5" fill="#E07A5F" />
        <path d="M10 8V4h12v4" fill="none" stroke="#C3603F" strokeWidth="3" />
        <rect x="0" y="16" width="32" height="3" fill="#C3603F" />
      </g>
      <g transform="translate(166 244)">
        <path d="M6 4h16v8a8 8 0 0 1-16 0z" fill="#F2B544" />
        <path d="M6 7H1a5 5 0 0 0 6 6M22 7h5a5 5 0 0 1-6 6" fill="none" stroke="#F2B544" strokeWidth="2.5" />
        <rect x="11" y="19" width="6" height="6" fill="#E3A23A" />
        <rect x="7" y="25" width="14" height="5" rx="2" fill="#E3A23A" />
      </g>
      <g transform="translate(236 248)">
        <path d="M15 2C6 2 0 8 0 15s5 12 12 12c3 0 3-3 2-5s0-4 3-4h5c4 0 8-3 8-8C30 6 23 2 15 2z" fill="#FBF6EF" />
        <circle cx="8" cy="13" r="3" fill="#B9502F" />
        <circle cx="14" cy="7" r="3" fill="#6F9FC6" />
        <circle cx="22" cy="9" r="3" fill="#5F8F6D" />
      </g>

      {/* Sparkles */}
      <path className="spark" d="M62 150l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" />
      <path className="spark spark-2" d="M318 170l2.4 5.6 5.6 2.4-5.6 2.4-2.4 5.6-2.4-5.6-5.6-2.4 5.6-2.4z" />
    </svg>
  );
}
