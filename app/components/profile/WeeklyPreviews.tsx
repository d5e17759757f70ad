/**
 * The Weekly Previews switch (spec §4): on means the preview email goes out on
 * Sunday evening. It flips at once and flips back if the server refuses;
 * turned on, it sends the first preview straight away.
 */
import { useState } from "react";
import { CheckIcon } from "~/components/ui/screen-icons";
import { errorToast, useToast } from "~/components/ui/toast-context";
import { postJson } from "~/lib/post-json";
import { SwitchRow } from "./SwitchRow";

/** `premium`: previews go to Premium parents only (spec §6); others see the tag and send nothing now. */
export function WeeklyPreviews({ on: saved, premium }: { on: boolean; premium: boolean }) {
  const showToast = useToast();
  const [on, setOn] = useState(saved);
  const [saving, setSaving] = useState(false);

  async function toggle() {
    if (saving) return;
    const next = !on;
    setOn(next);
    setSaving(true);
    try {
      const response = await postJson("/api/user/preferences", { preferences: { weeklyPreview: next } });
      if (!response.ok) throw new Error(`Preferences answered ${response.status}`);
      showToast({
        icon: <CheckIcon />,
        title: "Success",
        description: next ? "Weekly previews are on." : "Weekly previews are off.",
      });
    } catch (error) {
      // spec §8: preference failures are only logged.
      console.error("Failed to save weekly previews", error);
      setOn(!next);
      return;
    } finally {
      setSaving(false);
    }
    if (next && premium) await sendFirstPreview();
  }

  /** Turned on: the first preview goes out now (spec §7), so the parent sees what Sunday brings. */
  async function sendFirstPreview() {
    try {
      const response = await fetch("/api/mail/weeklypreview", { credentials: "include" });
      if (!response.ok) throw new Error(`Weekly preview answered ${response.status}`);
    } catch (error) {
      console.error("Failed to send weekly preview email", error);
      showToast(errorToast("Failed to send weekly preview email."));
    }
  }

  return (
    <SwitchRow
      id="weekly-previews"
      title="Weekly Previews"
      hint="The week ahead by email, Sunday at 6 pm."
      premium={premium}
      on={on}
      onToggle={() => void toggle()}
    />
  );
}
