import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** Cubby's own sender address, from the root loader (null when none is configured). */
export function useAppAddress(): string | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.appAddress ?? null;
}
