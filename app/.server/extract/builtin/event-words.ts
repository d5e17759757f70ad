/**
 * Word overlap between two event names: "PA day" ≈ "PA Day (no classes)",
 * "Registration due" ≈ "Please register…". Shared by reply superseding and
 * the normaliser's duplicate check.
 */

const FILLER = new Set([
  "the", "a", "an", "and", "or", "of", "for", "to", "in", "on", "at", "by", "with", "our", "your",
  "day", "days", "night", "school", "no", "is", "are", "will", "be", "all", "from", "this", "next",
  "le", "la", "les", "de", "du", "des", "et", "au", "aux", "pour", "en", "un", "une", "event",
  "vs", "game", "students", "grade", "class", "families", "family", "parents", "please", "due",
]);

/** Lowercase, accent-free word stems (first five letters). */
export function nameStems(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .match(/[a-z0-9]+/g) ?? [];
  return new Set(words.filter((w) => w.length >= 2 && !FILLER.has(w) && !/^\d+$/.test(w)).map((w) => w.slice(0, 5)));
}

export function sharesWords(a: string, b: string): boolean {
  const sa = nameStems(a);
  for (const w of nameStems(b)) if (sa.has(w)) return true;
  return false;
}
