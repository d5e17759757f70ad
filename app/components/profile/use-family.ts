/**
 * The parent's family as GET /api/family answers it (ADR 026), for the
 * profile; the family list itself (FamilySharing) loads only when there is
 * something to show. The profile's page brings it; it is asked for again
 * after a change (or when the page came without it).
 */
import { useCallback, useEffect, useState } from "react";

export interface Family {
  id: string;
  members: { userId: string; email: string; role: "owner" | "partner" }[];
  invites: { id: string; email: string; status: string }[];
  incoming: { id: string; from: string }[];
}

export function useFamily(fromServer: Family | null): { family: Family | null; refresh: () => void } {
  const [family, setFamily] = useState<Family | null>(fromServer);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (version === 0 && fromServer) return;
    const controller = new AbortController();
    fetch("/api/family", { credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Family answered ${response.status}`);
        setFamily(((await response.json()) as { family: Family }).family);
      })
      .catch((error) => {
        if (!controller.signal.aborted) console.error("Failed to load the family", error);
      });
    return () => controller.abort();
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- a new version (after a change) asks for the family again
  }, [version, fromServer]);
  return { family, refresh: useCallback(() => setVersion((v) => v + 1), []) };
}

/** Whether the family list has anything to show: an invitation either way, or another parent. */
export function familyToShow(family: Family | null, me: string): boolean {
  return Boolean(family && (family.incoming.length || family.invites.length || family.members.some((m) => m.userId !== me)));
}
