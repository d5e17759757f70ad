import type { IngestJob } from "../../workers/queue";

/** Jobs the test Worker's queue consumer handled, in order. */
export const ingestLog: IngestJob[] = [];
