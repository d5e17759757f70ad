/**
 * spec §8's confirmation for Delete Data and Delete Account, and the deleting
 * itself: loaded when the parent taps one of them (ADR 012).
 */
import { AlertIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { CheckIcon } from "~/components/ui/screen-icons";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";

export function DeleteConfirmation({
  what,
  onDataDeleted,
  onClose,
}: {
  what: "data" | "account";
  onDataDeleted: () => void;
  onClose: () => void;
}) {
  const showToast = useToast();

  async function deleteData() {
    onClose();
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
    onClose();
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

  return what === "data" ? (
    <Prompt
      open
      icon={<AlertIcon size={40} />}
      title="Delete Data"
      description="Are you sure you want to delete your data?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={() => void deleteData()}
      onCancel={onClose}
    />
  ) : (
    <Prompt
      open
      icon={<AlertIcon size={40} />}
      title="Delete Account"
      description="Are you sure you want to delete your account?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={() => void deleteAccount()}
      onCancel={onClose}
    />
  );
}
