/**
 * Rows of a table packed into one compressed BLOB (ADR 038): the column names once, then
 * each row's values as the database keeps them, so the rows go back into their table
 * exactly as they were. Only `past-months.ts` packs and unpacks; this module knows the
 * stored form.
 */
import { getTableColumns } from "drizzle-orm";
import { customType, type SQLiteTable } from "drizzle-orm/sqlite-core";

/** The stored form: column names, and each row's driver values in their order. */
export interface PackedRows {
  c: string[];
  r: unknown[][];
}

/** A BLOB column: bytes in, bytes out (D1 may hand a BLOB back as an array of numbers). */
export const packedRowsColumn = customType<{ data: Uint8Array; driverData: ArrayBuffer | Uint8Array | number[] }>({
  dataType: () => "blob",
  toDriver: (bytes) => bytes,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer)),
});

async function through(bytes: Uint8Array | string, transform: CompressionStream | DecompressionStream): Promise<Response> {
  return new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(transform));
}

export async function deflate(packed: PackedRows): Promise<Uint8Array> {
  return new Uint8Array(await (await through(JSON.stringify(packed), new CompressionStream("deflate-raw"))).arrayBuffer());
}

export async function inflate(bytes: Uint8Array): Promise<PackedRows> {
  return JSON.parse(await (await through(bytes, new DecompressionStream("deflate-raw"))).text()) as PackedRows;
}

/** The table's rows (as drizzle reads them) in the stored form. */
export function packRows<T extends SQLiteTable>(table: T, rows: readonly T["$inferSelect"][]): PackedRows {
  const columns = Object.entries(getTableColumns(table));
  return {
    c: columns.map(([, column]) => column.name),
    r: rows.map((row) => columns.map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    })),
  };
}

/**
 * The stored rows as drizzle would read them. A column added since they were packed reads
 * as null; one dropped since is left out.
 */
export function unpackRows<T extends SQLiteTable>(table: T, packed: PackedRows): T["$inferSelect"][] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column, at: packed.c.indexOf(column.name) }));
  return packed.r.map((values) => {
    const row: Record<string, unknown> = {};
    for (const { key, column, at } of columns) {
      const value = at < 0 ? null : values[at];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T["$inferSelect"];
  });
}
