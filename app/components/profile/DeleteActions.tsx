/**
 * Delete Data and Delete Account, each behind spec §8's confirmation. Deleting
 * data keeps the account (and says so in a toast); deleting the account ends
 * the session and goes to / (spec §7).
 */
import { useState } from "react";
import { AlertIcon } from "~/components/ui/icons";
import { CheckIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";
import { CARD, RowButton } from "./Section";

type Confirming = "data" | "account" | null;

export function DeleteActions({ onDataDeleted }: { onDataDeleted: () => void }) {
  const showToast = useToast();
  const [confirming, setConfirming] = useState<Confirming>(null);

  async function deleteData() {
    setConfirming(null);
    try {
      const response = await fetch("/api/data/delete", { method: "DELETE", credentials: "include" });
      if (!response.ok) throw new Error(`Delete data answered ${response.status}`);
      showToast({ icon: <CheckIcon />, title: "Success", description: "All your data has been deleted." });
      onDataDeleted();
    } catch (error) {
      console.error("Failed to delete data", error);
    }
  }

  async function deleteAccount() {
    setConfirming(null);
    try {
      const response = await fetch("/api/user/delete", { method: "DELETE", credentials: "include" });
      if (response.ok) {
        window.location.assign("/");
        return;
      }
      // The server says why the account stays (a subscription it could not cancel).
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      showToast(errorToast(typeof body?.error === "string" ? body.error : UNEXPECTED_ERROR));
    } catch (error) {
      console.error("Failed to delete account", error);
      showToast(errorToast(UNEXPECTED_ERROR));
    }
  }

  return (
    <>
      <div className={CARD}>
        <RowButton danger onClick={() => setConfirming("data")}>
          Delete Data
        </RowButton>
        <RowButton danger onClick={() => setConfirming("account")}>
          Delete Account
        </RowButton>
      </div>
      <Prompt
        open={confirming === "data"}
        icon={<AlertIcon size={40} />}
        title="Delete Data"
        description="Are you sure you want to delete your data?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => void deleteData()}
        onCancel={() => setConfirming(null)}
      />
      <Prompt
        open={confirming === "account"}
        icon={<AlertIcon size={40} />}
        title="Delete Account"
        description="Are you sure you want to delete your account?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => void deleteAccount()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
