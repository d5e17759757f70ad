/**
 * Delete Data and Delete Account, each behind spec §8's confirmation. Deleting
 * data keeps the account (and says so in a toast); deleting the account ends
 * the session and goes to / (spec §7).
 */
import { lazy, Suspense, useState } from "react";
import { CARD, RowButton } from "./Section";

type Confirming = "data" | "account" | null;

const DeleteConfirmation = lazy(() => import("./DeleteConfirmation").then((module) => ({ default: module.DeleteConfirmation })));

export function DeleteActions({ sharedWith = [], onDataDeleted }: { sharedWith?: string[]; onDataDeleted: () => void }) {
  const [confirming, setConfirming] = useState<Confirming>(null);

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
      {confirming ? (
        <Suspense fallback={null}>
          <DeleteConfirmation what={confirming} sharedWith={sharedWith} onDataDeleted={onDataDeleted} onClose={() => setConfirming(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
