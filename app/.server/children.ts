/**
 * A parent's children (spec §3 "Child", §5 "Child first name", "Teacher/coach
 * name"): creating, changing and removing them. Every query is scoped to the
 * parent, so another parent's child id behaves exactly like one that does not exist.
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { AVATAR_IDS, checkTeacherName, duplicateNameMessage, GRADES, NAME_MIN_LENGTH } from "~/lib/child";
import type { Db } from "./db/client";
import { children, schools } from "./db/schema";
import { visibleTo } from "./schools";

const FirstName = z
  .string()
  .trim()
  .min(NAME_MIN_LENGTH, "A first name has at least 2 characters.")
  .max(60, "A first name has at most 60 characters.");

export const ChildBody = z
  .object({
    firstName: FirstName,
    grade: z.enum(GRADES, "Please choose a grade from the list."),
    avatarId: z.enum(AVATAR_IDS, "Please choose one of the six avatars."),
  })
  .strict();

const Teacher = z.string().transform((value, ctx) => {
  const check = checkTeacherName(value);
  if (!check.ok) {
    ctx.addIssue({ code: "custom", message: check.message });
    return z.NEVER;
  }
  return check.name;
});

const TeachersChange = z
  .object({ teachers: z.array(Teacher).max(30, "A child has at most 30 teachers and coaches.") })
  .strict();
const SchoolChange = z.object({ schoolId: z.string().min(1).max(64).nullable() }).strict();

export type ChildChange = z.infer<typeof ChildBody> | z.infer<typeof TeachersChange> | z.infer<typeof SchoolChange>;

/**
 * spec §7: PUT carries one of three shapes, never a mix. The shape is chosen by
 * its key, so a bad teacher name gets spec §5's text rather than "no shape fits".
 */
export function parseChildChange(body: unknown) {
  const keys = body && typeof body === "object" ? Object.keys(body) : [];
  if (keys.includes("teachers")) return TeachersChange.safeParse(body);
  if (keys.includes("schoolId")) return SchoolChange.safeParse(body);
  return ChildBody.safeParse(body);
}

export type ChildResult =
  | { ok: true; child: { _id: string; firstName: string; grade: string; avatarId: string; teachers: string[] } }
  | { ok: false; status: 404 | 409 | 400; message: string };

type ChildRow = typeof children.$inferSelect;

function answer(row: ChildRow) {
  return {
    _id: row.id,
    firstName: row.firstName,
    grade: row.grade,
    avatarId: row.avatarId,
    teachers: row.teachers,
    schoolId: row.schoolId,
  };
}

function findChild(db: Db, userId: string, childId: string) {
  return db.query.children.findFirst({ where: and(eq(children.id, childId), eq(children.userId, userId)) });
}

/** The most children a parent may add: a guard against scripted abuse, far above any real family. */
export const CHILDREN_MAX = 20;

function childrenOf(db: Db, userId: string) {
  return db.select({ id: children.id, firstName: children.firstName }).from(children).where(eq(children.userId, userId));
}

/** spec §5: names are compared trimmed and case-insensitively, among this parent's children only. */
function nameTaken(mine: { id: string; firstName: string }[], firstName: string, exceptId?: string): boolean {
  const wanted = firstName.trim().toLowerCase();
  return mine.some((child) => child.id !== exceptId && child.firstName.trim().toLowerCase() === wanted);
}

const duplicate = (firstName: string) => ({ ok: false as const, status: 409 as const, message: duplicateNameMessage(firstName) });

export async function createChild(db: Db, userId: string, body: z.infer<typeof ChildBody>): Promise<ChildResult> {
  const mine = await childrenOf(db, userId);
  if (nameTaken(mine, body.firstName)) return duplicate(body.firstName);
  if (mine.length >= CHILDREN_MAX) {
    return { ok: false, status: 409, message: `You can add up to ${CHILDREN_MAX} children.` };
  }
  const [row] = await db.insert(children).values({ userId, ...body }).returning();
  return { ok: true, child: answer(row!) };
}

/** `db`: the family's shard (its children); `directory`: the schools a child may be given. */
export async function updateChild(db: Db, directory: Db, userId: string, childId: string, change: ChildChange): Promise<ChildResult> {
  const current = await findChild(db, userId, childId);
  if (!current) return { ok: false, status: 404, message: "Child not found." };
  if ("firstName" in change && nameTaken(await childrenOf(db, userId), change.firstName, childId)) {
    return duplicate(change.firstName);
  }
  if ("schoolId" in change && change.schoolId) {
    // The directory's schools, or one this parent added; another parent's own school is as unknown as a made-up id.
    const school = await directory.query.schools.findFirst({
      where: and(eq(schools.id, change.schoolId), visibleTo(userId)),
      columns: { id: true },
    });
    if (!school) return { ok: false, status: 400, message: "That school is not in the directory." };
  }
  const set = "teachers" in change ? { teachers: [...new Set(change.teachers)] } : change;
  const [row] = await db
    .update(children)
    .set(set)
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .returning();
  return { ok: true, child: answer(row!) };
}

/** True when the parent had this child. */
export async function deleteChild(db: Db, userId: string, childId: string): Promise<boolean> {
  const removed = await db
    .delete(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .returning({ id: children.id });
  return removed.length > 0;
}

/**
 * Schools by id, from the directory: a family's children are on its shard, the schools
 * (the list and the ones a family added) are the directory's (ADR 027), so no query joins them.
 */
export async function schoolsByIds(directory: Db, ids: readonly (string | null)[]): Promise<Map<string, typeof schools.$inferSelect>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const found = new Map<string, typeof schools.$inferSelect>();
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < wanted.length; i += 90) {
    for (const school of await directory.select().from(schools).where(inArray(schools.id, wanted.slice(i, i + 90)))) found.set(school.id, school);
  }
  return found;
}

/** The schools this family's children attend (for importing their calendars). */
export async function childrensSchools(db: Db, directory: Db, userId: string) {
  const rows = await db.select({ schoolId: children.schoolId }).from(children).where(eq(children.userId, userId));
  return [...(await schoolsByIds(directory, rows.map((row) => row.schoolId))).values()];
}
