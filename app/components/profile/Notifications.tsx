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
import { PremiumTag } from "./PremiumTag";

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
    <div className="flex min-h-touch items-center gap-3 px-4 py-3">
      <span className="shrink-0 text-ink-soft">
        <BellIcon size={22} />
      </span>
      <label htmlFor="notifications" className="min-w-0 flex-1 cursor-pointer">
        <span className="block text-body text-ink">Notifications</span>
        <span className="block text-footnote text-ink-soft">Reminders the evening before, on this phone.</span>
      </label>
      {premium ? null : <PremiumTag />}
      <input
        id="notifications"
        type="checkbox"
        role="switch"
        aria-checked={Boolean(on)}
        checked={Boolean(on)}
        disabled={on === null || saving}
        onChange={() => void toggle()}
        className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-line-strong transition before:absolute before:top-0.5 before:left-0.5 before:size-6 before:rounded-full before:bg-surface before:shadow before:transition checked:bg-sage checked:before:translate-x-5 disabled:cursor-default disabled:opacity-60"
      />
    </div>
  );
}
