/**
 * Cubby's buttons. Three looks (primary, secondary, quiet) and three elements:
 * a <button>, an in-app <Link>, and a plain <a> for browser navigations that
 * leave the React app (/api/auth/…, /api/logout, Gmail).
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonLook = "primary" | "secondary" | "quiet";

const BASE =
  "inline-flex min-h-button w-full select-none items-center justify-center gap-2 rounded-button px-6 " +
  "text-body font-semibold transition duration-150 ease-out active:scale-[0.98] " +
  "disabled:pointer-events-none disabled:opacity-40 aria-disabled:pointer-events-none aria-disabled:opacity-40";

const LOOKS: Record<ButtonLook, string> = {
  primary: "bg-ink text-on-ink shadow-card hover:opacity-90",
  secondary: "border border-line-strong bg-surface text-ink hover:bg-sunken",
  quiet: "text-ink-soft hover:text-ink",
};

export function buttonClass(look: ButtonLook = "primary", extra = ""): string {
  return `${BASE} ${LOOKS[look]} ${extra}`;
}

type Look = { look?: ButtonLook };

export function Button({ look, className = "", type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return <button type={type} className={buttonClass(look, className)} {...props} />;
}

export function ButtonLink({ look, className = "", ...props }: LinkProps & Look) {
  return <Link className={buttonClass(look, className)} {...props} />;
}

/** For addresses outside the React app: a full page load, never client routing. */
export function ButtonAnchor({ look, className = "", children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return (
    <a className={buttonClass(look, className)} {...props}>
      {children}
    </a>
  );
}

const ICON_BUTTON =
  "inline-flex size-touch shrink-0 items-center justify-center rounded-full text-ink transition " +
  "hover:bg-sunken active:scale-95";

/** A round icon-only control; `label` is its accessible name (and tooltip). */
export function IconButton({
  label,
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return <button type={type} aria-label={label} title={label} className={`${ICON_BUTTON} ${className}`} {...props} />;
}

export function IconLink({ label, className = "", ...props }: LinkProps & { label: string }) {
  return <Link aria-label={label} title={label} className={`${ICON_BUTTON} ${className}`} {...props} />;
}
