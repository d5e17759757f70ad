/**
 * A family file for the extract CLI's --children and the tagging corpus:
 * [{firstName, grade, school: {name, domain?} | null, teachers: []}]. With no
 * database there are no ids, so a child's id is its first name.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { ChildProfile } from "../app/.server/tagging/children";

const Family = z.array(
  z.object({
    firstName: z.string().trim().min(1),
    grade: z.string(),
    school: z.object({ name: z.string(), domain: z.string().nullish() }).nullable().default(null),
    teachers: z.array(z.string().transform((t) => t.trim().toLowerCase())).default([]),
  }),
);

export async function readFamily(file: string): Promise<ChildProfile[]> {
  const parsed = Family.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a list of children: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data.map((c) => ({ ...c, id: c.firstName }));
}
