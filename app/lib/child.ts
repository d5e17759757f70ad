/**
 * Children as the parent enters them (spec §3 "Child", §4 "Child form", §5),
 * and the three ways through the child screens: onboarding (/join), adding
 * from the profile (/add) and editing (/edit).
 */

export const AVATAR_IDS = ["dolphin", "unicorn", "eagle", "trex", "kitten", "penguin"] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

export const GRADES = [
  "preschool",
  "pre-kindergarten",
  "kindergarten",
  ...Array.from({ length: 12 }, (_, i) => `grade ${i + 1}`),
] as const;

export function avatarSrc(avatarId: string): string {
  return `/avatars/${avatarId}.png`;
}

/** "pre-kindergarten" → "Pre-Kindergarten", "grade 3" → "Grade 3". */
export function gradeLabel(grade: string): string {
  return grade.replace(/(^|[\s-])([a-z])/g, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

export const NAME_MIN_LENGTH = 2;

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The child another of the parent's children already uses this name for, if any. */
export function duplicateChild<T extends { _id: string; firstName: string }>(
  name: string,
  children: readonly T[],
  editingId?: string,
): T | undefined {
  return children.find((child) => child._id !== editingId && sameName(child.firstName, name));
}

/** spec §4: Continue is enabled only with a valid name (2+ characters, trimmed) and a grade. */
export function childFormComplete(firstName: string, grade: string): boolean {
  return firstName.trim().length >= NAME_MIN_LENGTH && grade !== "";
}

/** spec §5 "Duplicate Name". */
export function duplicateNameMessage(name: string): string {
  return `You already have a child named "${name.trim()}". Please choose a different name.`;
}

// --- where each child screen leads, by mode ---

export type ChildFlow = "join" | "add" | "edit";

/** The mode is the first path segment: /join/child…, /add/child…, /edit/child…. */
export function childFlow(pathname: string): ChildFlow {
  const first = pathname.split("/")[1];
  return first === "add" || first === "edit" ? first : "join";
}

/** spec §4: after the child form. */
export function afterChildForm(flow: ChildFlow, childId: string): string {
  return `/${flow}/child/school/${childId}`;
}

/** spec §4: after the school: onboarding asks for e-mail access next. */
export function afterSchool(flow: ChildFlow, childId: string): string {
  return flow === "join" ? "/join/email" : `/${flow}/child/details/${childId}`;
}

/** After teachers and coaches: back to onboarding's next step, or to the profile. */
export function afterDetails(flow: ChildFlow): string {
  return flow === "join" ? "/join/email" : "/profile";
}

// --- teachers and coaches (spec §5) ---

export type TeacherCheck = { ok: true; name: string } | { ok: false; message: string };

/** Longer than any real name with its title ("Coach Maria-José de la Fuente-Hernández"). */
export const TEACHER_NAME_MAX = 100;

/** Letters (any script), whitespace, apostrophes and hyphens; stored in lowercase. */
export function checkTeacherName(input: string): TeacherCheck {
  const name = input.trim();
  if (!name) return { ok: false, message: "Please enter a teacher's name" };
  if (name.length < NAME_MIN_LENGTH) return { ok: false, message: "Name is too short" };
  if (name.length > TEACHER_NAME_MAX) return { ok: false, message: "Name is too long" };
  if (!/^[\p{L}\s'’-]+$/u.test(name)) return { ok: false, message: "Name contains invalid characters" };
  return { ok: true, name: name.toLowerCase() };
}

/**
 * The names of the people who wrote to the parent (spec §7 `GET /api/senders`) as teacher or
 * coach names to offer: what comes before "via" or "from" (as spec §9's initials read a name),
 * without the dots of "Ms." and "Mr.", lowercase like stored names, only those the form would
 * take, none already on the list, once each.
 */
export function teacherSuggestions(senderNames: readonly string[], taken: readonly string[]): string[] {
  const names = new Set<string>();
  for (const sender of senderNames) {
    const name = sender.split(/\s+(?:via|from)\s+/i)[0]!.replaceAll(".", " ").replace(/\s+/g, " ");
    const check = checkTeacherName(name);
    if (check.ok && !taken.includes(check.name)) names.add(check.name);
  }
  return [...names];
}
