import { drizzle } from "drizzle-orm/d1";
import { guarded, type HandleRole } from "./handles";
import * as schema from "./schema";

export type Db = ReturnType<typeof database>;

/** The directory: users, sessions, families and what is looked up before a family is known. */
export function database(env: Env) {
  return handle(env, "directory");
}

/** A handle on the one D1 database in the role it is used for (checked in the worker tests, `handles.ts`). */
export function handle(env: Env, role: HandleRole) {
  const guard = (env as Env & { GUARD_DATA_HANDLES?: string }).GUARD_DATA_HANDLES;
  const binding = guard ? guarded(env.DB, role, guard === "survey") : env.DB;
  return drizzle(binding, { schema });
}
