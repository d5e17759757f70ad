import { drizzle } from "drizzle-orm/d1";
import { guarded, type HandleRole } from "./handles";
import * as schema from "./schema";

export type Db = ReturnType<typeof database>;

/** The directory: users, sessions, families and what is looked up before a family is known. */
export function database(env: Env) {
  return handle(env, "directory");
}

/**
 * A handle in the role it is used for (checked in the worker tests, `handles.ts`): the
 * directory's database, or a family shard's (`DB_SHARD_<n>`, ADR 027).
 */
export function handle(env: Env, role: HandleRole, shard = 1) {
  const d1 = role === "directory" ? env.DB : shardBinding(env, shard);
  const guard = (env as Env & { GUARD_DATA_HANDLES?: string }).GUARD_DATA_HANDLES;
  const binding = guard ? guarded(d1, role, guard === "survey") : d1;
  return drizzle(binding, { schema });
}

/** The D1 binding of a family shard (`DB_SHARD_<n>`). */
export function shardBinding(env: Env, shard: number): D1Database {
  const binding = (env as unknown as Record<string, D1Database | undefined>)[`DB_SHARD_${shard}`];
  if (!binding) throw new Error(`No binding DB_SHARD_${shard}: the directory places a family on a shard this Worker is not bound to`);
  return binding;
}
