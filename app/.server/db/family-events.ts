/** Conditions on a family's event rows, shared by the live rows' module (events.ts) and the packing (past-months.ts). */
import { and, inArray, sql, type SQL } from "drizzle-orm";
import { events } from "./schema";

/**
 * One family's events by id. The family's column is written `+user_id` so that it
 * scopes the rows without choosing the index: SQLite, with no statistics, would
 * otherwise walk every event of the family instead of looking the ids up.
 */
export function familyEventsWithIds(key: string, ids: readonly string[]): SQL {
  return and(sql`+${events.userId} = ${key}`, inArray(events.id, [...ids]))!;
}
