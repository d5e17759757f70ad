import { describe, expect, it } from "vitest";
import { countingD1, D1Counter, type D1Like, type D1Statement } from "./counting-d1";

/** A D1 stand-in: every statement reads 3 rows and writes 1, and answers one row. */
function fakeD1(calls: string[]): D1Like {
  const statement = (sql: string): D1Statement => ({
    bind: () => statement(sql),
    all: async () => {
      calls.push(`all ${sql}`);
      return { results: [{ id: "a", n: 1 }], meta: { rows_read: 3, rows_written: /^insert/i.test(sql) ? 1 : 0, size_after: 4096 } };
    },
    run: async () => ({ results: [], meta: { rows_read: 3, rows_written: 1 } }),
    raw: async () => {
      calls.push(`raw ${sql}`);
      return [["a", 1]];
    },
    first: async () => null,
  });
  return {
    prepare: statement,
    batch: async (statements) => Promise.all(statements.map((s) => s.all())),
    exec: async () => undefined,
  };
}

describe("countingD1", () => {
  it("counts a read drizzle makes with raw(), whose answer has no meta", async () => {
    const calls: string[] = [];
    const counter = new D1Counter();
    counter.label = "GET /api/events";
    const rows = await countingD1(fakeD1(calls), counter).prepare("select id, n from events where user_id = ?").bind("k").raw();
    expect(rows).toEqual([["a", 1]]);
    expect(counter.rowsRead).toBe(3);
    expect([...counter.seen.values()]).toEqual([
      { label: "GET /api/events", sql: "select id, n from events where user_id = ?", params: ["k"], rowsRead: 3, calls: 1 },
    ]);
  });

  it("runs a write with RETURNING once, turning its rows into arrays", async () => {
    const calls: string[] = [];
    const counter = new D1Counter();
    const sql = "insert into events (id) values (?) returning id, n";
    const rows = await countingD1(fakeD1(calls), counter).prepare(sql).bind("a").raw();
    expect(rows).toEqual([["a", 1]]);
    expect(calls).toEqual([`all ${sql}`]);
    expect(counter.rowsWritten).toBe(1);
  });

  it("counts every statement of a batch and the database's size after it", async () => {
    const counter = new D1Counter();
    const db = countingD1(fakeD1([]), counter);
    await db.batch([db.prepare("insert into a values (1)"), db.prepare("insert into b values (2)")]);
    expect(counter.snapshot()).toEqual({ rowsRead: 6, rowsWritten: 2, statements: 2 });
    expect(counter.sizeAfter).toBe(4096);
  });
});
