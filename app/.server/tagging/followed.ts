/**
 * Whether mail from `address` comes from a followed sender (spec §3
 * "Watchlist"): the address itself, or its domain or a parent domain of it.
 */
export function isFollowed(address: string, followed: readonly string[]): boolean {
  const a = address.toLowerCase();
  const host = a.split("@")[1] ?? "";
  return followed.some((entry) => {
    const e = entry.toLowerCase().trim().replace(/^@/, "");
    return e.includes("@") ? e === a : host === e || host.endsWith(`.${e}`);
  });
}
