/**
 * Which handle may touch which tables (ADR 027). A family's rows (its children,
 * events, messages, …) are read and written through `familyDb`, the directory
 * (users, sessions, families, addresses, …) through `database(env)`: when families
 * move to shards of their own, a query on the wrong handle finds nothing, or
 * writes where no one will look. `GUARD_DATA_HANDLES` (set in the worker tests)
 * makes such a query throw where it is made, so the whole worker suite checks
 * every path; in the app the handles are the plain binding.
 */

/** Tables that hold a family's rows, keyed by the family's key: `familyDb` only. */
export const FAMILY_TABLES = new Set([
  "children",
  "events",
  "likes",
  "messages",
  "attachments",
  "pdf_chunks",
  "url_sources",
  "sender_addresses",
  "watchlist",
  "calendar_links",
  "event_months",
]);

/** Tables the directory holds, looked up before a family is known: `database(env)` only. */
export const DIRECTORY_TABLES = new Set([
  "users",
  "sessions",
  "families",
  "family_members",
  "family_invites",
  "google_tokens",
  "forwarding_addresses",
  "own_addresses",
  "released_usernames",
  "calendar_feeds",
  "push_tokens",
  "billing_events",
  "mail_outbox",
  "sent_mail_keys",
  "weather_cache",
  "shards",
  "schools",
]);

// `schools` is the directory's: the shared list, and the few a family adds itself ("My school
// isn't listed", owner_id the family's key). A child names its school by id (`schoolsByIds`).

export type HandleRole = "directory" | "family";

/** The tables a statement names after FROM, JOIN, INTO, UPDATE or DELETE FROM. */
export function tablesIn(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!.toLowerCase());
}

/** The first table a handle of this role must not touch, if the statement names one. */
export function wrongTable(sql: string, role: HandleRole): string | null {
  const forbidden = role === "directory" ? FAMILY_TABLES : DIRECTORY_TABLES;
  return tablesIn(sql).find((table) => forbidden.has(table)) ?? null;
}

/** The binding, checking each statement it prepares against the handle's role. */
export function guarded(binding: D1Database, role: HandleRole, survey = false): D1Database {
  const check = (sql: string) => {
    const table = wrongTable(sql, role);
    if (table && survey) {
      const site = (new Error().stack ?? "").split("\n").filter((l) => /(?:app|workers|tests)\//.test(l) && !/handles\.ts|node_modules/.test(l)).slice(0, 3).map((l) => l.trim()).join(" < ");
      console.warn(`HANDLE-SURVEY ${role} ${table} @ ${site} :: ${sql.replace(/\s+/g, " ").slice(0, 120)}`);
    }
    else if (table) {
      throw new Error(
        role === "directory"
          ? `Family table "${table}" read or written through the directory handle: take it from familyDb (ADR 027)`
          : `Directory table "${table}" read or written through a family's handle: take it from database(env) (ADR 027)`,
      );
    }
  };
  return new Proxy(binding, {
    get(target, property, receiver) {
      if (property === "prepare") {
        return (sql: string) => {
          check(sql);
          return target.prepare(sql);
        };
      }
      if (property === "exec") {
        return (sql: string) => {
          check(sql);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
