/**
 * Log Out (this phone, spec §2's /api/logout navigation) and Log Out
 * Everywhere: every session of this parent ends, for a lost phone or a
 * borrowed laptop, behind a confirmation since it signs this phone out too.
 */
import { useState } from "react";
import { AlertIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { postJson } from "~/lib/post-json";
import { CARD, RowAnchor, RowButton } from "./Section";

export function LogOutActions() {
  const showToast = useToast();
  const [confirming, setConfirming] = useState(false);

  async function logOutEverywhere() {
    setConfirming(false);
    try {
      const response = await postJson("/api/logout/everywhere", {});
      if (!response.ok) throw new Error(`Log out everywhere answered ${response.status}`);
      window.location.assign("/");
    } catch (error) {
      console.error("Failed to log out everywhere", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    }
  }

  return (
    <>
      <div className={CARD}>
        <RowAnchor href="/api/logout" trailing={<span />}>
          Log Out
        </RowAnchor>
        <RowButton onClick={() => setConfirming(true)}>Log Out Everywhere</RowButton>
      </div>
      <Prompt
        open={confirming}
        icon={<AlertIcon size={40} />}
        title="Log Out Everywhere"
        description="You will be logged out of Cubby on every phone and browser, this one too."
        confirmLabel="Log Out"
        cancelLabel="Cancel"
        onConfirm={() => void logOutEverywhere()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
