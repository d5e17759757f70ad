/**
 * spec §6: "Messages from the product's own app address show an app icon
 * instead of initials." Cubby's address is the one it sends mail from
 * (MAIL_FROM, e.g. "Cubby <hello@cubby.app>"); a sender is recognised by that
 * address, never by a display name anyone can write.
 */

/** The bare, lower-case address in "Name <address>" or "address"; null when there is none. */
export function bareAddress(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  const address = (text.match(/<([^<>\s]+@[^<>\s]+)>\s*$/)?.[1] ?? text).toLowerCase();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : null;
}

export function isAppAddress(address: string | null | undefined, appAddress: string | null): boolean {
  const sender = bareAddress(address);
  return appAddress !== null && sender !== null && sender === bareAddress(appAddress);
}
