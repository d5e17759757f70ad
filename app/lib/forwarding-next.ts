/**
 * Where /join/username's Gmail access returns to, when the parent came from
 * the forwarding path: back to that screen. Only Cubby's own forwarding
 * screens and the profile are taken; anything else means the new address
 * (/forward/address).
 */
const FORWARDING_SCREENS = /^\/(forward|filter)\/[a-z]+$/;

export function forwardingNext(value: string | null): string | null {
  if (!value) return null;
  return FORWARDING_SCREENS.test(value) || value === "/profile" ? value : null;
}

/** The username screen, remembering the forwarding screen it was opened from. */
export function usernameFrom(screen: string): string {
  return `/join/username?${new URLSearchParams({ next: screen })}`;
}
