/**
 * Filling a benchmark database fast: copies of one measured family made with
 * INSERT … SELECT, each with new ids and new addresses, so the unique indexes
 * hold and every copy is a family of its own. A copy's id is the original's
 * with part of it given the copy's mark, so that it is as long as the
 * original and a copy weighs what the measured family weighs: a repeated
 * mail's ids end in theirs (`…~y3`), a cloned family's ids begin with theirs
 * (`~7~…`), so that a clone of a repeat stays apart from a clone of another.
 * Only for the throwaway database of `npm run bench:scale`.
 */
import type { D1Like } from "./counting-d1";

type Db1 = D1Like;

/** The family's tables in foreign-key order, with the column that says whose a row is. */
const TABLES = [
  { table: "users", owner: "id" },
  { table: "families", owner: "owner_id" },
  { table: "family_members", owner: "user_id" },
  { table: "forwarding_addresses", owner: "user_id" },
  { table: "children", owner: "user_id" },
  { table: "calendar_links", owner: "user_id" },
  { table: "watchlist", owner: "user_id" },
  { table: "sender_addresses", owner: "user_id" },
  { table: "messages", owner: "user_id" },
  { table: "attachments", owner: "user_id" },
  { table: "url_sources", owner: "user_id" },
  { table: "events", owner: "user_id" },
  // Copied as they are: a clone's packed months hold the measured family's rows, byte for byte.
  { table: "event_months", owner: "user_id" },
] as const;

/** Ids that point outside the family (the public school directory): kept as they are. */
const SHARED = new Set(["children.school_id"]);
/** Unique text that is not an id. */
const UNIQUE_TEXT = new Set(["users.email", "users.google_sub", "forwarding_addresses.username", "forwarding_addresses.address"]);

/** Copies per statement: a statement stays well under a second on a laptop. */
const CHUNK = 50;

async function columnsOf(db: D1Like, table: string): Promise<string[]> {
  const { results } = await db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all();
  return results.map((row) => String(row.name));
}

/** SQL for `id` with its end replaced by `mark`: a new id of the same length. */
const endMarked = (id: string, mark: string) => `substr(${id}, 1, length(${id}) - length(${mark})) || ${mark}`;
/** SQL for `id` with its beginning replaced by `mark`. */
const startMarked = (id: string, mark: string) => `${mark} || substr(${id}, length(${mark}) + 1)`;

/** A cloned family's id, and a repeated mail's. */
const cloneId = (id: string) => startMarked(id, "'~' || n.k || '~'");
const repeatId = (id: string) => endMarked(id, "'~y' || n.k");

/** An event's mention list (short keys: app/.server/db/mention-list.ts) with each source id marked as the copy's (`marking`); only mail's mentions when `mailOnly`. */
function mentionsCopied(marking: (id: string) => string, mailOnly = false): string {
  const where = mailOnly ? ` WHERE json_extract(j.value, '$.t') LIKE 'email%'` : "";
  return `(SELECT json_group_array(json_set(j.value, '$.i', ${marking("json_extract(j.value, '$.i')")})) FROM json_each(t.mention_list) j${where})`;
}

function copied(table: string, column: string): string {
  const name = `${table}.${column}`;
  if (name === "events.mention_list") return mentionsCopied(cloneId);
  if (UNIQUE_TEXT.has(name)) return `'c' || n.k || '.' || t.${column}`;
  if (!SHARED.has(name) && (column === "id" || column.endsWith("_id"))) return cloneId(`t.${column}`);
  return `t.${column}`;
}

/** A column of a repeated mail's row: same family, new ids and Message-ID. */
function repeated(column: string): string {
  if (column === "user_id") return "t.user_id";
  if (column === "mention_list") return mentionsCopied(repeatId, true);
  return column === "id" || column.endsWith("_id") || column === "message_key" ? repeatId(`t.${column}`) : `t.${column}`;
}

/**
 * The rest of a family's year: `copies` more of each mail read so far (and of
 * what it brought: attachments, events and their mail's mentions), under the same key, with
 * new ids and Message-IDs. Events only a calendar link brought are not copied.
 */
export async function repeatMail(db: Db1, { key, copies }: { key: string; copies: number }): Promise<void> {
  if (copies < 1) return;
  const fromMail = "EXISTS (SELECT 1 FROM json_each(t.mention_list) j WHERE json_extract(j.value, '$.t') LIKE 'email%')";
  const plan = [
    { table: "messages", where: "" },
    { table: "attachments", where: "" },
    { table: "events", where: ` AND ${fromMail}` },
  ];
  for (const { table, where } of plan) {
    const columns = await columnsOf(db, table);
    await db
      .prepare(
        `WITH RECURSIVE n(k) AS (SELECT ?1 UNION ALL SELECT k + 1 FROM n WHERE k < ?2) ` +
          `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.map(repeated).join(", ")} FROM ${table} AS t, n WHERE t.user_id = ?3${where}`,
      )
      .bind(1, copies, key)
      .run();
  }
}

/** Makes `count` copies of the family whose owner (and key) is `userId`. */
export async function cloneFamilies(db: D1Like, { userId, count }: { userId: string; count: number }): Promise<void> {
  const statements: { table: string; sql: string; owner: string }[] = [];
  for (const { table, owner } of TABLES) {
    const columns = await columnsOf(db, table);
    const sql =
      `WITH RECURSIVE n(k) AS (SELECT ?1 UNION ALL SELECT k + 1 FROM n WHERE k < ?2) ` +
      `INSERT INTO ${table} (${columns.join(", ")}) ` +
      `SELECT ${columns.map((c) => copied(table, c)).join(", ")} FROM ${table} AS t, n WHERE t.${owner} = ?3`;
    statements.push({ table, sql, owner });
  }
  for (let first = 1; first <= count; first += CHUNK) {
    const last = Math.min(count, first + CHUNK - 1);
    for (const statement of statements) await db.prepare(statement.sql).bind(first, last, userId).run();
  }
}
