/**
 * Where a dragged sheet settles (spec §4 "Drawer", "Card modal"; §9).
 * Drawer: up maximizes; down more than 40 px closes (from maximized it
 * returns to open); anything else snaps back. Card: closes beyond a quarter
 * of its height.
 */
export type DrawerState = "open" | "maximized" | "closed";

export const DRAWER_CLOSE_PX = 40;
export const DRAWER_MS = 300;
export const CARD_CLOSE_SHARE = 0.25;
export const CARD_MS = 500;
/** Movement smaller than this is a tap, not a drag. */
const SLOP_PX = 8;

export function drawerAfterDrag(state: Exclude<DrawerState, "closed">, dy: number): DrawerState {
  if (dy < -SLOP_PX) return "maximized";
  if (dy > DRAWER_CLOSE_PX) return state === "maximized" ? "open" : "closed";
  return state;
}

export function cardClosesAfterDrag(dy: number, height: number): boolean {
  return dy > height * CARD_CLOSE_SHARE;
}

/** spec §8 toasts: the event name shortened to 16 characters. */
export function shortName(name: string): string {
  return name.slice(0, 16).trimEnd();
}
