/**
 * The one way to type a calendar link (profile Calendars, "My school isn't
 * listed"): a URL keyboard, no autocorrect, and the kinds of link Cubby reads.
 */
import type { ComponentProps } from "react";
import { TextField } from "~/components/ui/TextField";

type CalendarLinkFieldProps = Omit<ComponentProps<typeof TextField>, "type" | "inputMode" | "onChange" | "placeholder"> & {
  onChange: (value: string) => void;
};

export function CalendarLinkField({ onChange, ...field }: CalendarLinkFieldProps) {
  return (
    <TextField
      type="url"
      inputMode="url"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      placeholder="webcal:// or https:// link to an .ics"
      onChange={(event) => onChange(event.target.value)}
      {...field}
    />
  );
}
