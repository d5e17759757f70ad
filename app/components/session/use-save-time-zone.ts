/**
 * spec §7: the browser's zone is saved when the profile has none (POST
 * /api/timezone). From the first signed-in page the parent opens, whichever
 * it is (the child form after sign-in, onboarding, the feed), so that the
 * first mail they forward, Gmail's first read and newly followed senders are
 * read in their zone, not in UTC (issue 31).
 */
import { useEffect } from "react";
import { inOwnTask } from "~/lib/own-task";
import { postJson } from "~/lib/post-json";
import { deviceTimeZone } from "~/lib/device-time-zone";

export function useSaveTimeZone(missing: boolean) {
  useEffect(() => {
    if (!missing) return;
    return inOwnTask(() => {
      postJson("/api/timezone", { timezone: deviceTimeZone() }).catch((error) => console.error("Failed to save time zone", error));
    });
  }, [missing]);
}
