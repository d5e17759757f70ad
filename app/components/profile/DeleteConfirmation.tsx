/**
 * spec §8's confirmation for Delete Data and Delete Account, and the deleting
 * itself: loaded when the parent taps one of them (ADR 012).
 */
import { AlertIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { CheckIcon } from "~/components/ui/screen-icons";
import { errorToast, UNEXPECTED_ERROR, useToast } from "~/components/ui/toast-context";

/** spec §8's question, and for a shared family who loses the data too (ADR 026). */
export function deleteDataQuestion(sharedWith: string[]): string {
  const question = "Are you sure you want to delete your data?";
  if (!sharedWith.length) return question;
  return `${question} It is your family's: ${sharedWith.join(" and ")} will lose it too.`;
}

export function DeleteConfirmation({
  what,
  sharedWith,
  onDataDeleted,
  onClose,
}: {
  what: "data" | "account";
  /** The family's other parents (ADR 026). */
  sharedWith: string[];
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
      description={deleteDataQuestion(sharedWith)}
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
