/**
 * Cubby's mark: a calendar page holding a "c", on warm terracotta. The same
 * drawing is public/icon.svg (what the app icons are drawn from); this copy is inline so it paints
 * with the page and needs no request.
 */
import { useId } from "react";

export function CubbyMark({ size = 56, className = "" }: { size?: number; className?: string }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#EE9A64" />
          <stop offset="1" stopColor="#B9502F" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="116" fill={`url(#${gradient})`} />
      <rect x="104" y="132" width="304" height="276" rx="64" fill="#FBF6EF" />
      <path d="M104 196a64 64 0 0 1 64-64h176a64 64 0 0 1 64 64v6H104z" fill="#F8E1D6" />
      <rect x="170" y="96" width="34" height="78" rx="17" fill="#2A221D" />
      <rect x="308" y="96" width="34" height="78" rx="17" fill="#2A221D" />
      <path d="M307 262a62 62 0 1 0 0 84" fill="none" stroke="#B9502F" strokeWidth="40" strokeLinecap="round" />
      <circle cx="338" cy="304" r="20" fill="#F2B544" />
    </svg>
  );
}
