/**
 * JavaScript's \b only knows ASCII letters, so "congé\b" or "\bécole" never
 * match. Word rules are therefore written and tested on accent-folded text:
 * every character is replaced by its base letter, keeping the length so
 * match positions still point into the original.
 */

export function foldAccents(text: string): string {
  let out = "";
  for (const c of text) out += c.length === 1 ? (c.normalize("NFD")[0] ?? c) : c;
  return out;
}

/** The same rule with its own accents folded, to test against folded text. */
export function foldRegex(re: RegExp): RegExp {
  return new RegExp(foldAccents(re.source), re.flags);
}
