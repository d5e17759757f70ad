/**
 * A labelled text input with room for a hint or an error under it. The label
 * can be visually hidden when the screen's title already says what to type.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hideLabel?: boolean;
  /** Shown under the field and announced when it changes; pass null for "nothing yet". */
  message?: ReactNode;
  invalid?: boolean;
  /** Rendered inside the field's right edge (a clear or submit button). */
  trailing?: ReactNode;
}

export function TextField({ label, hideLabel, message, invalid, trailing, className = "", ...input }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-callout font-medium text-ink-soft"}>
        {label}
      </label>
      <div
        className={`flex min-h-button items-center rounded-field border bg-surface pr-1 transition focus-within:border-brand focus-within:ring-4 focus-within:ring-brand-soft ${
          invalid ? "border-danger" : "border-line-strong"
        }`}
      >
        <input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? messageId : undefined}
          className="h-button min-w-0 flex-1 bg-transparent px-4 text-body text-ink outline-none placeholder:text-ink-faint"
          {...input}
        />
        {trailing}
      </div>
      {/* Present (and empty) from the start, so screen readers announce a hint when it appears. */}
      {message !== undefined ? (
        <p id={messageId} aria-live="polite" className={`min-h-5 text-footnote ${invalid ? "text-danger" : "text-ink-soft"}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
