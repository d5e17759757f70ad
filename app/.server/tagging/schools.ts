/**
 * A child's school in mail: its name as offices, teachers and newsletters
 * write it ("Maplewood Elementary", "Maplewood Elementary School", "Maplewood
 * ES", "Maplewood PTA") or its mail domain in the sender address.
 */
import { foldAccents } from "../extract/builtin/fold";

type Level = "elementary" | "middle" | "high" | "k8";

/** Words that say which kind of school; the rest of a name is what tells schools apart. */
const LEVEL_WORDS: Record<string, Level> = {
  elementary: "elementary", elem: "elementary", primary: "elementary", es: "elementary", ps: "elementary",
  middle: "middle", ms: "middle", intermediate: "middle", junior: "middle", jhs: "middle",
  high: "high", hs: "high", secondary: "high", collegiate: "high", ss: "high",
  ecole: "elementary", college: "high",
};
const GENERIC = new Set(["school", "schools", "public", "academy", "community", "the", "of", "and", "k-8", "k8", "ecole"]);
/** Sentence words that the capitalised-phrase finder picks up before "School" ("Back To School", "Our School"). */
const NOT_A_NAME = new Set([
  "a", "an", "at", "to", "in", "on", "for", "from", "with", "our", "your", "this", "that", "dear", "hello", "hi",
  "welcome", "all", "new", "every", "each", "back", "after", "before", "sunday", "summer", "night", "day", "open",
  "house", "staff", "weekly", "monthly", "re", "fw", "fwd", "no", "spirit", "safe", "walk", "ride", "bike",
]);
/** Words after a school's name that still mean the school (the sender "Maplewood PTA"). */
const SCHOOL_BODIES = new Set([
  "pta", "pto", "pac", "office", "news", "newsletter", "staff", "principal", "admin", "administration",
  "attendance", "families", "parents", "council", "library", "communications", "front", "team", "secretary",
]);

export interface SchoolName {
  /** The words that tell this school apart: "maplewood", "st john paul ii". */
  core: string[];
  level: Level | null;
}

function words(text: string): string[] {
  return foldAccents(text)
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\bst\.?\s/g, "saint ")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** "Maplewood Elementary School", "Maplewood ES", "maplewood elem." → { core: ["maplewood"], level: "elementary" }. */
export function normaliseSchoolName(name: string): SchoolName {
  const core: string[] = [];
  let level: Level | null = null;
  for (const w of words(name)) {
    const l = LEVEL_WORDS[w];
    if (l) {
      if (core.length > 0) level ??= l;
    } else if (!GENERIC.has(w) && !(core.length === 0 && NOT_A_NAME.has(w))) core.push(w);
  }
  return { core, level };
}

/**
 * Where the text names the school: its core words, then either its kind
 * ("Elementary", "ES", "School") or — in a sender's display name or a
 * signature, when `loose` — a body of the school ("PTA", "Office") or nothing.
 * "Maplewood Middle" is not "Maplewood Elementary"; "Riverside Rapids" is not
 * "Riverside Middle School"; the "Maplewood School District" is not a school.
 */
export function mentionsSchool(text: string, school: SchoolName, loose: boolean): boolean {
  if (school.core.length === 0) return false;
  const w = words(text);
  if (loose && acronymIn(text, school)) return true;
  for (let i = 0; i + school.core.length <= w.length; i++) {
    if (!school.core.every((c, j) => w[i + j] === c)) continue;
    const next = w[i + school.core.length];
    const afterNext = w[i + school.core.length + 1];
    if (next === "school" && (afterNext === "district" || afterNext === "board")) continue;
    if (next === "district" || next === "board" || next === "unified") continue;
    const level = next ? LEVEL_WORDS[next] : undefined;
    if (level) {
      if (!school.level || school.level === level) return true;
      continue;
    }
    if (next === "school" || next === "academy" || (next === "public" && afterNext === "school")) return true;
    if (loose && (next === undefined || SCHOOL_BODIES.has(next))) return true;
  }
  return false;
}

const LEVEL_INITIAL: Record<Level, string> = { elementary: "e", middle: "m", high: "h", k8: "" };

/** "RMS Athletics" for Riverside Middle School: the capitals of a one- or two-word name, its kind and S. */
function acronymIn(text: string, school: SchoolName): boolean {
  if (!school.level || school.core.length > 2) return false;
  const acronym = `${school.core.map((c) => c[0]).join("")}${LEVEL_INITIAL[school.level]}s`.toUpperCase();
  return acronym.length >= 3 && new RegExp(String.raw`(?<![A-Za-z])${acronym}(?![A-Za-z])`).test(text);
}

/** The sender writes from the school's mail domain (or a subdomain of it). */
export function addressAtDomain(address: string, domain: string | null | undefined): boolean {
  if (!domain) return false;
  const host = address.split("@")[1]?.toLowerCase().trim();
  const d = domain.toLowerCase().trim().replace(/^@/, "");
  return !!host && (host === d || host.endsWith(`.${d}`));
}

const SCHOOL_PHRASE =
  /\b((?:[A-Z][\w'.-]*\s+){1,4})(Elementary|Middle|High|Primary|Public|Secondary|Intermediate|Junior High|Academy|School|ES|MS|HS)\b/g;

/** Every school the text names, as normalised names: used to notice mail from a school that is not the family's. */
export function schoolsNamed(text: string): SchoolName[] {
  const found: SchoolName[] = [];
  for (const m of text.matchAll(SCHOOL_PHRASE)) {
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
    if (/^\s+(?:District|Board)\b/.test(rest)) continue;
    const name = normaliseSchoolName(`${m[1]}${m[2]}`);
    if (name.core.length > 0) found.push(name);
  }
  return found;
}

/** Two normalised names are the same school (a missing kind matches any kind). */
export function sameSchool(a: SchoolName, b: SchoolName): boolean {
  if (a.core.join(" ") !== b.core.join(" ")) {
    // "Dear Maplewood Elementary" captured with a leading word still ends with the core.
    const [long, short] = a.core.length > b.core.length ? [a.core, b.core] : [b.core, a.core];
    if (long.slice(-short.length).join(" ") !== short.join(" ")) return false;
  }
  return !a.level || !b.level || a.level === b.level;
}
