/**
 * Where /join/username goes after the address is made, when the parent came
 * from the forwarding path: back to that screen. Only Cubby's own forwarding
 * screens and the profile are taken; anything else means the spec's default
 * (on to Gmail access).
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
