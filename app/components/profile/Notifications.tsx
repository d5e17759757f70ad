/**
 * The profile's Notifications switch (spec §4 "Push permission", §6: shown
 * only when Cubby runs installed or fullscreen). On asks for permission and
 * stores this device's token; off forgets the device. A token older than 7
 * days is renewed when the profile opens (spec §9). A browser that cannot
 * show notifications gets no switch (spec §4: it skips messaging).
 */
import { useEffect, useState } from "react";
import { disablePush, enablePush, PushUnsupported, pushSupport, refreshPush } from "~/components/push/push-client";
import { AlertIcon, BellIcon } from "~/components/ui/icons";
import { ERROR_TOAST_MS, errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { useBrowserValue } from "~/components/ui/use-hydrated";
import { SwitchRow } from "./SwitchRow";

export function Notifications({ premium }: { premium: boolean }) {
  const showToast = useToast();
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  // The switch shows only in an installed app, which the server never draws: read the browser at once.
  const supported = useBrowserValue(() => pushSupport() === "supported", false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    refreshPush()
      .then((found) => {
        if (live) setOn(found);
      })
      .catch((error) => {
        console.error("Failed to read notifications", error);
        if (live) setOn(false);
      });
    return () => {
      live = false;
    };
  }, [supported]);

  function denied() {
    showToast({
      icon: <AlertIcon />,
      title: "Permission Denied",
      description: "Please allow notifications in your browser settings.",
      displayTime: ERROR_TOAST_MS,
    });
  }

  async function turnOn() {
    if (Notification.permission === "denied") return denied();
    try {
      const permission = await enablePush();
      if (permission === "granted") setOn(true);
      else if (permission === "denied") denied();
    } catch (error) {
      // spec §4: a browser without push skips messaging; the switch stays off.
      if (!(error instanceof PushUnsupported)) console.error("Failed to enable notifications", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    }
  }

  async function turnOff() {
    try {
      await disablePush();
      setOn(false);
    } catch (error) {
      console.error("Failed to disable notifications", error);
      showToast(errorToast("Failed to disable notifications."));
    }
  }

  async function toggle() {
    if (saving || on === null) return;
    setSaving(true);
    await (on ? turnOff() : turnOn());
    setSaving(false);
  }

  if (!supported) return null;
  return (
    <SwitchRow
      id="notifications"
      icon={<BellIcon size={22} />}
      title="Notifications"
      hint="Reminders the evening before, on this phone."
      premium={premium}
      on={Boolean(on)}
      disabled={on === null || saving}
      onToggle={() => void toggle()}
    />
  );
}
