/**
 * Which of the parent's children an event is for (spec §3 Event.taggedPeople).
 * Runs in the Worker and in Node; pure.
 *
 * A wrong child is worse than none, so an event is tagged only from what
 * Cubby knows of each child, most specific first:
 *   1. the event itself names a child, or one of a child's teachers/coaches;
 *   2. the mail names a child (subject or body);
 *   3. the mail comes from (or forwards, or quotes, or is signed by) a teacher or coach;
 *   4. a grade (event first, then the mail's subject/greeting) narrows the
 *      children the mail is about — "Grade 4 field trip" in a newsletter for
 *      two of the parent's children tags only the grade-4 child, and a grade
 *      none of them is in tags nobody;
 *   5. the mail comes from a child's school: every child at that school.
 * Mail that points at no child tags none — never a guess.
 */
import type { ExtractedEvent, SourceDocument } from "../extract/types";
import { gradeIndex, gradeMentions } from "./grades";
import { forwardedRecipients, greetingsAndSignatures, isForward, looksDated, writers, type Writer } from "./letter";
import {
  addressIsTeacher,
  displayNameIsTeacher,
  mentionsFirstName,
  mentionsTeacher,
  parseTeacher,
  type TeacherName,
} from "./names";
import { sectionGrades } from "./sections";
import { isFollowed } from "./followed";
import { addressAtDomain, mentionsSchool, normaliseSchoolName, sameSchool, schoolsNamed, type SchoolName } from "./schools";

/** What tagging needs of a child: the ingest job builds it from the children and schools tables. */
export interface ChildProfile {
  id: string;
  firstName: string;
  /** spec §3 grade: "preschool", "pre-kindergarten", "kindergarten", "grade 1" … "grade 12". */
  grade: string;
  school: { name: string; domain?: string | null } | null;
  /** Lowercase names of the child's teachers and coaches. */
  teachers: string[];
}

export type TaggedMail = Pick<SourceDocument, "subject" | "from" | "text" | "attachments">;
export type TaggedEvent = Pick<ExtractedEvent, "eventName" | "description" | "location">;

export interface TagChildrenInput {
  document: TaggedMail;
  event: TaggedEvent;
  children: ChildProfile[];
  /** The parent's followed addresses and domains (spec §3 Watchlist). */
  followedSenders?: string[];
}

interface Known {
  child: ChildProfile;
  grade: number | null;
  teachers: TeacherName[];
  school: SchoolName | null;
}

const SIGNATURE_ROLE = /\b(?:teacher|coach|team|class|classroom|homeroom|enseignante?|titulaire)\b/i;

/** A sender the parent follows by address or whole domain. */
/** Writers' own names are blanked so a teacher called "Maya Chen" does not name the child Maya. */
function withoutWriterNames(text: string, people: Writer[]): string {
  let out = text;
  for (const w of people) if (w.name.length >= 3) out = out.split(w.name).join(" ");
  return out;
}

/** Lines that say who the whole mail is for: the subject, a greeting, a forward's "To:", a signed role. */
function mailGradeText(document: TaggedMail, regions: string): string {
  const lines = regions.split("\n").filter((line) => /^(?:dear|hello|hi|good|bonjour|chers|to)\b/i.test(line) || SIGNATURE_ROLE.test(line));
  return [document.subject, forwardedRecipients(document.text), ...lines].join("\n");
}

/**
 * Reads the mail once and returns a tagger for each of its events: the
 * ingest job calls it per event with the same mail.
 */
export function childTagger(
  document: TaggedMail,
  children: ChildProfile[],
  followedSenders: readonly string[] = [],
): (event: TaggedEvent) => string[] {
  const known: Known[] = children.map((child) => ({
    child,
    grade: gradeIndex(child.grade),
    teachers: child.teachers.map(parseTeacher).filter((t): t is TeacherName => t !== null),
    school: child.school ? normaliseSchoolName(child.school.name) : null,
  }));
  const people = writers(document);
  // Whoever forwards a mail is usually family ("Renee Okafor" is not Mr. Okafor); they
  // count as a teacher only when writing from a child's school.
  const atSomeSchool = (p: Writer) => known.some((k) => addressAtDomain(p.address, k.child.school?.domain));
  const teacherWriters = isForward(document) ? people.filter((p, i) => i > 0 || atSomeSchool(p)) : people;
  const regions = greetingsAndSignatures(document.text);
  const letterhead = [document.subject, regions, ...document.attachments.map((a) => greetingsAndSignatures(a.text))].join("\n");
  const body = withoutWriterNames(`${document.subject}\n${document.text.replace(/^[\s>]*(?:from|de|to|à|cc)\s*:.*$/gim, "")}`, people);

  const taught = known.filter((k) =>
    k.teachers.some(
      (t) =>
        teacherWriters.some((p) => displayNameIsTeacher(p.name, t) || (p.address !== "" && addressIsTeacher(p.address, t))) ||
        mentionsTeacher(letterhead, t),
    ),
  );
  const atSchool = known.filter((k) => {
    if (!k.school) return false;
    const domain = k.child.school?.domain;
    return (
      people.some((p) => addressAtDomain(p.address, domain) || mentionsSchool(p.name, k.school!, true)) ||
      mentionsSchool(document.subject, k.school, false) ||
      mentionsSchool(letterhead, k.school, false)
    );
  });
  // A name in a coach's or teacher's mail that has nothing else to do with the child is
  // most likely a classmate or teammate of the same name ("Snacks: Maya R.").
  const plausible = (k: Known) => taught.length === 0 || taught.includes(k) || atSchool.includes(k);
  // In a newsletter a child named in passing ("Congratulations to Leo for the spelling
  // bee") belongs to that item only; the school-wide items stay with every child there.
  const newsletter = document.text.split("\n").filter(looksDated).length >= 4;
  const namingText = newsletter ? withoutWriterNames(`${document.subject}\n${regions}`, people) : body;
  const named = known.filter((k) => plausible(k) && mentionsFirstName(namingText, k.child.firstName));
  const linked = known.filter((k) => named.includes(k) || taught.includes(k) || atSchool.includes(k));
  const otherSchool =
    linked.length === 0 &&
    schoolsNamed([people.map((p) => p.name).join("\n"), letterhead].join("\n")).some(
      (s) => !known.some((k) => k.school && sameSchool(k.school, s)),
    );
  const followed = !!document.from && isFollowed(document.from.address, followedSenders);
  // The children a grade may pick from: those the mail is about, or — for a sender the
  // parent follows that names no other school — all of them ("Grade 5 transition night"
  // from the district). Sports levels never use that fallback: "U12 boys" from a club
  // says nothing about whether the parent's 11-year-old plays there.
  const fallback = linked.length === 0 && followed && !otherSchool;
  const scope = fallback ? known : linked;
  const sports = !fallback;
  const mailGrades = gradeMentions(mailGradeText(document, regions), { sports });

  return (event) => {
    const text = [event.eventName, event.description ?? "", event.location ?? ""].join("\n");
    const ownText = withoutWriterNames(`${event.eventName}\n${ownPassage(event)}`, people);
    const eventNamed = known.filter((k) => plausible(k) && mentionsFirstName(ownText, k.child.firstName));
    if (eventNamed.length > 0) return ids(eventNamed);
    const eventTaught = known.filter((k) => k.teachers.some((t) => mentionsTeacher(text, t)));
    if (eventTaught.length > 0) return ids(eventTaught);

    const own = gradeMentions(text, { sports });
    const eventGrades = own.size > 0 ? own : sectionGrades(document.text, ownPassage(event) || event.eventName, { sports });
    const fits = (k: Known) => eventGrades.size === 0 || (k.grade !== null && eventGrades.has(k.grade));
    for (const level of [named, taught]) {
      const fitting = level.filter(fits);
      if (fitting.length > 0) return ids(fitting);
    }
    // A school named in the item itself ("dismissed early at Maplewood Elementary and
    // Riverside Middle School" in a district mail) is about that school's children —
    // unless another school wrote it ("our choir sings with Maplewood Elementary").
    const eventSchool = otherSchool ? [] : known.filter((k) => k.school && mentionsSchool(text, k.school, false));
    const eventScope = eventSchool.length > 0 ? [...new Set([...(fallback ? [] : scope), ...eventSchool])] : scope;
    const grades = eventGrades.size > 0 ? eventGrades : mailGrades;
    if (grades.size > 0) return ids(eventScope.filter((k) => k.grade !== null && grades.has(k.grade)));
    return ids(eventSchool.length > 0 ? eventSchool : atSchool);
  };
}

/**
 * The part of the description that tells this event. The extractor puts the
 * context before it ("Grade 2 News – Pumpkin patch visit…", but also
 * "Congratulations to Leo … – Dec. 1 – Concert tickets"): a heading's grade
 * applies to the event, a child named in the line before does not.
 */
function ownPassage(event: TaggedEvent): string {
  const description = event.description ?? "";
  const key = event.eventName.toLowerCase().slice(0, 16);
  const parts = description.split(/\s[–—]\s|\n/);
  const own = parts.filter((p) => p.toLowerCase().includes(key));
  return own.length > 0 && key.length >= 4 ? own.join(" ") : description;
}

function ids(chosen: Known[]): string[] {
  return [...new Set(chosen.map((k) => k.child.id))];
}

/** The children one event is for, as child ids; only ever ids of `children`. */
export function tagChildren({ document, event, children, followedSenders }: TagChildrenInput): string[] {
  return childTagger(document, children, followedSenders)(event);
}
