/**
 * People's names in mail: a child's first name in running text, and a teacher
 * or coach (stored lowercase, spec §5) as a sender, in a signature or greeting
 * ("Mrs. Alvarez's class", "Coach Dana"), or in a sender address ("dbrooks@…").
 */
import { foldAccents } from "../extract/builtin/fold";

/**
 * First names that are also everyday words or months. They count only where
 * they read as a name: capitalised mid-sentence and not followed by a number
 * ("May 12", "Will you…" at a sentence start are not children).
 */
const COMMON_WORD_NAMES = new Set([
  "will", "may", "june", "april", "august", "grace", "hope", "faith", "joy", "mark", "rose",
  "summer", "autumn", "winter", "bill", "art", "sky", "river", "ray", "guy", "pat", "sue", "jack",
  "chase", "hunter", "rob", "dawn", "eve", "iris", "ivy", "jade", "ruby", "pearl", "amber", "violet",
  "holly", "daisy", "brook", "page", "reed", "wade", "drew", "dean", "frank", "grant", "miles",
  "nick", "penny", "sunny", "sage", "max", "bob", "don", "sandy", "rusty", "cliff", "glen", "heath",
  "royal", "king", "london", "paris", "story", "true", "harmony", "destiny", "august", "star",
]);

/** Courtesy titles before a teacher's or coach's name. */
const TITLES = new Set([
  "mr", "mrs", "ms", "miss", "mx", "dr", "coach", "mme", "mlle", "m", "madame", "monsieur", "mademoiselle",
  "prof", "professor", "sra", "sr", "senora", "senor", "teacher", "principal", "sensei",
]);
const TITLE_RE = String.raw`(?:mr|mrs|ms|miss|mx|dr|coach|mme|mlle|m|madame|monsieur|mademoiselle|prof|professor|sra|sr|senora|senor|teacher|principal|sensei)\.?`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Lowercase, accent-free words: "Mrs. O'Neil-Brown" → ["mrs", "o'neil-brown"]. */
export function nameTokens(name: string): string[] {
  return foldAccents(name)
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .split(/[^a-z'-]+/)
    .map((t) => t.replace(/^['-]+|['-]+$/g, ""))
    .filter(Boolean);
}

function isSentenceStart(text: string, index: number): boolean {
  const before = text.slice(0, index).trimEnd();
  return before === "" || /[.!?:\n]$/.test(before) || /\n\s*$/.test(text.slice(0, index));
}

/**
 * Does the text name this child? Word-bounded and case-aware ("Maya", "MAYA",
 * "Maya's", never "maya" or "Mayan"); a first name right after a title is a
 * grown-up ("Ms. Maya Chen"), not the child.
 */
export function mentionsFirstName(text: string, firstName: string): boolean {
  const name = firstName.trim();
  if (name.length < 2) return false;
  const folded = foldAccents(text);
  const target = foldAccents(name);
  const common = COMMON_WORD_NAMES.has(target.toLowerCase());
  const re = new RegExp(String.raw`(?<![\p{L}\p{N}])(${escape(target)})(?![\p{L}\p{N}])`, "giu");
  for (const m of folded.matchAll(re)) {
    const found = m[1]!;
    const capitalised = found === target || found === target.toUpperCase() || /^\p{Lu}\p{Ll}+$/u.test(found);
    if (!capitalised) continue;
    const before = folded.slice(Math.max(0, m.index - 14), m.index);
    if (new RegExp(String.raw`\b${TITLE_RE}\s+$`, "i").test(before)) continue;
    if (common) {
      const after = folded.slice(m.index + found.length, m.index + found.length + 4);
      if (isSentenceStart(folded, m.index) || /^\s*\d/.test(after) || found === found.toUpperCase()) continue;
    }
    return true;
  }
  return false;
}

/** Titles that say "he" or "she": "Mr. Alvarez" the scout leader is not "Mrs. Alvarez" the teacher. */
const HE = new Set(["mr", "m", "monsieur", "sr", "senor"]);
const SHE = new Set(["mrs", "ms", "miss", "mme", "mlle", "madame", "mademoiselle", "sra", "senora"]);
const gender = (title: string | null | undefined) => (!title ? null : HE.has(title) ? "he" : SHE.has(title) ? "she" : null);

/** False when both titles are gendered and disagree; any title agrees with no title. */
function titlesAgree(stored: string | null, seen: string | null | undefined): boolean {
  const a = gender(stored);
  const b = gender(seen?.toLowerCase().replace(/\.$/, ""));
  return !a || !b || a === b;
}

/** A stored teacher or coach ("mrs. alvarez", "coach dana brooks", "okafor") taken apart. */
export interface TeacherName {
  /** The whole stored entry, lowercase. */
  entry: string;
  /** The stored title without its dot ("mrs", "coach"), if any. */
  title: string | null;
  first: string | null;
  last: string | null;
  /** The one name given when the entry has a single name ("coach dana" → "dana"). */
  only: string | null;
}

export function parseTeacher(entry: string): TeacherName | null {
  const words = nameTokens(entry);
  let title: string | null = null;
  while (words.length > 1 && TITLES.has(words[0]!)) title ??= words.shift()!;
  if (words.length === 0 || (words.length === 1 && TITLES.has(words[0]!))) return null;
  if (words.length === 1) return { entry, title, first: null, last: null, only: words[0]! };
  return { entry, title, first: words[0]!, last: words.at(-1)!, only: null };
}

/** A sender's display name is this teacher: "Dana Brooks", "Coach Brooks", "Brooks, Dana", "D. Brooks", "Mrs. Alvarez". */
export function displayNameIsTeacher(displayName: string, teacher: TeacherName): boolean {
  const words = nameTokens(displayName);
  if (words.length === 0 || !titlesAgree(teacher.title, words.find((w) => TITLES.has(w)))) return false;
  if (teacher.only) return words.includes(teacher.only);
  const { first, last } = teacher as { first: string; last: string };
  if (!words.includes(last)) return false;
  const others = words.filter((w) => w !== last && !TITLES.has(w));
  // "Coach Brooks" or "Ms. Brooks" has no first name to contradict; "Michael Brooks" does.
  return others.length === 0 || others.some((w) => w === first || w === first[0]);
}

/** A sender address's mailbox is this teacher: "dbrooks@", "dana.brooks@", "alvarez.m@", "brooksd2@". */
export function addressIsTeacher(address: string, teacher: TeacherName): boolean {
  const local = foldAccents(address.split("@")[0] ?? "").toLowerCase();
  const parts = local.split(/[^a-z]+/).filter(Boolean);
  const letters = parts.join("");
  const last = teacher.last ?? teacher.only!;
  if (last.length < 3) return false;
  const lastLetters = last.replace(/[^a-z]/g, "");
  if (teacher.only) {
    return parts.includes(lastLetters) || (letters.length === lastLetters.length + 1 && (letters.endsWith(lastLetters) || letters.startsWith(lastLetters)));
  }
  const first = teacher.first!.replace(/[^a-z]/g, "");
  const forms = [lastLetters, first + lastLetters, lastLetters + first, first[0] + lastLetters, lastLetters + first[0]];
  return forms.includes(letters) || (parts.includes(lastLetters) && parts.some((p) => p === first || p === first[0]));
}

/**
 * Does the text refer to this teacher: a title with the surname or first name
 * ("Mrs. Alvarez's class", "Coach Dana"), or the full name ("Dana Brooks").
 * A bare surname is not enough: "Brown" and "Young" are ordinary words.
 */
export function mentionsTeacher(text: string, teacher: TeacherName): boolean {
  const folded = foldAccents(text).replace(/[’`]/g, "'");
  const names = teacher.only ? [teacher.only] : [teacher.last!, teacher.first!];
  for (const n of names) {
    const re = new RegExp(String.raw`\b(${TITLE_RE})\s+(?:[a-z]\.\s*)?${escape(n)}(?![a-z])`, "gi");
    for (const m of folded.matchAll(re)) if (titlesAgree(teacher.title, m[1])) return true;
  }
  if (!teacher.first || !teacher.last) return false;
  return new RegExp(String.raw`\b${escape(teacher.first)}\s+(?:[a-z]\.\s+)?${escape(teacher.last)}(?![a-z])`, "i").test(folded);
}
