/**
 * Grades as school and sports mail writes them ("Grade 2 field trip", "2nd
 * graders", "grades 3-5", "K-2", "2e année", "U10", "JV soccer"), turned into
 * positions in the product's grade list (spec §3: preschool, pre-kindergarten,
 * kindergarten, grade 1 … grade 12) so a mention can be compared with a child's grade.
 */
import { GRADES } from "../../lib/child";
import { foldAccents } from "../extract/builtin/fold";

const KINDERGARTEN = GRADES.indexOf("kindergarten");
const PRESCHOOL = GRADES.indexOf("preschool");
const LAST = GRADES.length - 1;

/** A child's grade ("grade 2", "kindergarten") → its position, or null for anything else. */
export function gradeIndex(grade: string): number | null {
  const i = (GRADES as readonly string[]).indexOf(grade.trim().toLowerCase());
  return i >= 0 ? i : null;
}

/** School grade number (0 = kindergarten, -1 = pre-k) → position in the list. */
function fromNumber(n: number): number | null {
  const i = n + KINDERGARTEN;
  return i >= PRESCHOOL && i <= LAST ? i : null;
}

const WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const ORDINAL_WORDS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];

/** "2", "two", "2nd", "second", "k", "jk" → school grade number. */
function gradeNumber(token: string): number | null {
  const t = token.replace(/\.$/, "");
  if (t === "k" || t === "sk") return 0;
  if (t === "jk" || t === "pk" || t === "pre-k" || t === "prek") return -1;
  const digits = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(t);
  if (digits) return Number(digits[1]);
  const word = WORDS.indexOf(t);
  if (word >= 0) return word + 1;
  const ordinal = ORDINAL_WORDS.indexOf(t);
  return ordinal >= 0 ? ordinal + 1 : null;
}

const NUM = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?|${[...WORDS, ...ORDINAL_WORDS].join("|")}|k|jk|sk|pk|pre-?k)`;
const RANGE_SEP = String.raw`\s*(?:-|to|through|thru)\s*`;
const LIST_SEP = String.raw`\s*(?:\/|&|and|or|,|, and)\s*`;
const NUM_LIST = String.raw`${NUM}(?:(?:${RANGE_SEP}|${LIST_SEP})${NUM})*`;

/** "3-5", "2 and 3", "k, 1 and 2" → school grade numbers (ranges expanded). */
function listNumbers(list: string): number[] {
  const out: number[] = [];
  const re = new RegExp(`(${NUM})|(${RANGE_SEP})`, "g");
  let pendingRange = false;
  for (const m of list.matchAll(re)) {
    if (m[2] !== undefined) {
      pendingRange = true;
      continue;
    }
    const n = gradeNumber(m[1]!);
    if (n === null) continue;
    const previous = out.at(-1);
    if (pendingRange && previous !== undefined && n > previous) {
      for (let g = previous + 1; g <= n; g++) out.push(g);
    } else out.push(n);
    pendingRange = false;
  }
  return out;
}

/** Each rule finds grade numbers; matched text is blanked so "pre-kindergarten" is not also "kindergarten". */
const RULES: { re: RegExp; sports?: true; numbers: (m: RegExpMatchArray) => number[] }[] = [
  { re: /\b(?:junior kindergarten|pre-?kindergarten|pre-?k|jk|prematernelle)\b/g, numbers: () => [-1] },
  { re: /\b(?:pre-?school(?:ers)?|nursery)\b/g, numbers: () => [-2] },
  {
    // "K-2", "JK-8": only with a dash, a bare "K" is too common a letter.
    re: /\b(k|jk|sk)\s*-\s*(\d{1,2})\b/g,
    numbers: (m) => listNumbers(`${m[1]}-${m[2]}`),
  },
  { re: /\b(?:senior kindergarten|kindergarten(?:ers|ers')?|kindergartners|kinders?|maternelle|sk)\b/g, numbers: () => [0] },
  {
    // "grade 2", "grades 3-5", "gr. 4/5", "grade two"
    re: new RegExp(String.raw`\bgr(?:ade|ades|\.|s)?\s*(${NUM_LIST})\b`, "g"),
    numbers: (m) => listNumbers(m[1]!),
  },
  {
    // "2nd grade", "second graders", "4th and 5th grade"
    re: new RegExp(String.raw`\b(${NUM_LIST})[\s-]+grade(?:rs|s)?\b`, "g"),
    numbers: (m) => listNumbers(m[1]!),
  },
  {
    // French: "2e année", "1re année", "5e et 6e années"
    re: /\b(\d{1,2})(?:e|re|ere|er|eme)(?:\s*(?:et|a|-)\s*(\d{1,2})(?:e|re|ere|eme))?\s+annees?\b/g,
    numbers: (m) => (m[2] ? listNumbers(`${m[1]}-${m[2]}`) : [Number(m[1])]),
  },
  {
    // Sports age levels: "U10", "U-14", "U14G", "14U", "under-12s". Under N holds players of N-1 and N-2,
    // that is school grades N-7 and N-6 (a grade-2 child is 7 or 8): a deliberately narrow fit.
    re: /\b(?:u-?|under[\s-])(\d{1,2})(?:s|g|b)?\b|\b(\d{1,2})u\b/g,
    sports: true,
    numbers: (m) => {
      const n = Number(m[1] ?? m[2]);
      return n >= 5 && n <= 19 ? [n - 7, n - 6] : [];
    },
  },
  { re: /\b(?:jv|junior varsity)\b/g, sports: true, numbers: () => [9, 10] },
  { re: /\bvarsity\b/g, sports: true, numbers: () => [11, 12] },
  { re: /\bfreshm[ae]n\b/g, numbers: () => [9] },
  { re: /\bsophomores?\b/g, numbers: () => [10] },
];

/**
 * Every grade a text mentions, as positions in the product's grade list.
 * Sports levels ("U14", "JV") only with `sports`: an age band is a looser fit
 * than a school grade, so callers use it only for children already linked to the mail.
 */
export function gradeMentions(text: string, { sports = true }: { sports?: boolean } = {}): Set<number> {
  let rest = foldAccents(text).toLowerCase().replace(/[\u2010-\u2015]/g, "-");
  const found = new Set<number>();
  for (const rule of RULES) {
    rest = rest.replace(rule.re, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpMatchArray;
      if (rule.sports && !sports) return String(args[0]);
      for (const n of rule.numbers(match)) {
        const i = fromNumber(n);
        if (i !== null) found.add(i);
      }
      return " ".repeat(String(args[0]).length);
    });
  }
  return found;
}
