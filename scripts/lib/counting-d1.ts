/**
 * A D1 binding that counts what D1 bills: every statement's `meta.rows_read`
 * and `meta.rows_written` (as the local D1 reports them, the same counters
 * production uses), and remembers each distinct SQL text with the label of
 * the work that ran it, so the scale benchmark can show its query plan.
 *
 * drizzle reads most SELECTs with `raw()`, which hands back no meta: a read is
 * then asked once more with `all()` for its counters (reads change nothing),
 * and a write with RETURNING is run once with `all()` and turned into rows.
 */

export interface D1Meta {
  rows_read?: number;
  rows_written?: number;
  size_after?: number;
}

interface D1Result {
  results: Record<string, unknown>[];
  meta: D1Meta;
}

export interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  all(): Promise<D1Result>;
  run(): Promise<D1Result>;
  raw(options?: { columnNames?: boolean }): Promise<unknown[][]>;
  first(column?: string): Promise<unknown>;
}

export interface D1Like {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<D1Result[]>;
  exec(sql: string): Promise<unknown>;
}

export interface SeenQuery {
  label: string;
  sql: string;
  params: unknown[];
  rowsRead: number;
  calls: number;
}

/** Running totals; `label` names the work under way (e.g. "GET /api/events"). */
export class D1Counter {
  rowsRead = 0;
  rowsWritten = 0;
  statements = 0;
  sizeAfter = 0;
  label = "setup";
  readonly seen = new Map<string, SeenQuery>();

  note(sql: string, params: unknown[], meta: D1Meta | undefined): void {
    this.statements++;
    this.rowsRead += meta?.rows_read ?? 0;
    this.rowsWritten += meta?.rows_written ?? 0;
    if (meta?.size_after) this.sizeAfter = meta.size_after;
    const key = `${this.label}\u0000${sql}`;
    const known = this.seen.get(key);
    if (known) {
      known.calls++;
      known.rowsRead += meta?.rows_read ?? 0;
    } else {
      this.seen.set(key, { label: this.label, sql, params, rowsRead: meta?.rows_read ?? 0, calls: 1 });
    }
  }

  snapshot() {
    return { rowsRead: this.rowsRead, rowsWritten: this.rowsWritten, statements: this.statements };
  }
}

const INNER = Symbol("inner statement");

type Counted = D1Statement & { [INNER]: D1Statement; sql: string; params: unknown[] };

const isRead = (sql: string) => /^\s*(select|with|explain)\b/i.test(sql) && !/\breturning\b/i.test(sql);

function counted(inner: D1Statement, sql: string, params: unknown[], counter: D1Counter): Counted {
  const all = async () => {
    const result = await inner.all();
    counter.note(sql, params, result.meta);
    return result;
  };
  return {
    [INNER]: inner,
    sql,
    params,
    bind: (...values: unknown[]) => counted(inner.bind(...values), sql, values, counter),
    all,
    run: async () => {
      const result = await inner.run();
      counter.note(sql, params, result.meta);
      return result;
    },
    first: async (column?: string) => {
      const row = (await all()).results[0] ?? null;
      return column && row ? row[column] : row;
    },
    raw: async (options?: { columnNames?: boolean }) => {
      if (isRead(sql)) {
        const [rows, result] = await Promise.all([inner.raw(options), inner.all()]);
        counter.note(sql, params, result.meta);
        return rows;
      }
      const { results } = await all();
      const rows = results.map((row) => Object.values(row));
      return options?.columnNames ? [Object.keys(results[0] ?? {}), ...rows] : rows;
    },
  };
}

export function countingD1(inner: D1Like, counter: D1Counter): D1Like {
  return {
    prepare: (sql: string) => counted(inner.prepare(sql), sql, [], counter),
    batch: async (statements: D1Statement[]) => {
      const list = statements as Counted[];
      const results = await inner.batch(list.map((s) => s[INNER]));
      results.forEach((result, i) => counter.note(list[i]!.sql, list[i]!.params, result.meta));
      return results;
    },
    exec: (sql: string) => inner.exec(sql),
  };
}
