/**
 * spec §9 "Initials avatars": at most two letters, the first letters of the
 * words; anything after 'via' or 'from' is ignored ("Ms Lee via Remind").
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const cut = words.findIndex((word) => /^(via|from)$/i.test(word));
  const kept = cut > 0 ? words.slice(0, cut) : words;
  return kept
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? "")
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}
