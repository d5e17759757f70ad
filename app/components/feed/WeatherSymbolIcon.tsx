/** spec §9: condition codes map to icons; an unknown code gets 'not available'. */
import type { WeatherSymbol } from "~/lib/feed/weather";

const PATHS: Record<WeatherSymbol, string> = {
  clear: "M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4",
  cloudy: "M7 18h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.3 1.5A3.3 3.3 0 0 0 7 18z",
  rain: "M7 14h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.3 1.5A3.3 3.3 0 0 0 7 14zM8 17l-1 3M12 17l-1 3M16 17l-1 3",
  thunderstorm: "M7 14h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.3 1.5A3.3 3.3 0 0 0 7 14zM12 15l-2 4h3l-2 4",
  snow: "M12 2v20M4 7l16 10M20 7L4 17",
  fog: "M4 9h16M3 13h18M5 17h14",
  other: "M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h7",
  unavailable: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8",
};

export function WeatherSymbolIcon({ symbol, size = 18 }: { symbol: WeatherSymbol; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[symbol]} />
    </svg>
  );
}
