/** A unit of ingest work: one stored source to read for events. */
export type IngestJob =
  | { kind: "message"; userId: string; messageId: string; rescan?: boolean }
  | { kind: "url"; userId: string; urlSourceId: string; rescan?: boolean };
