/**
 * The contract between the ingest plumbing (e-mail handler, queue job, URL
 * import) and extraction. A source is first read into a `SourceDocument`
 * (readers in ./read), then an `Extractor` proposes events, and one shared
 * normaliser turns them into `ExtractedEvent`s. The CLI
 * (`npm run extract`) runs the very same path.
 */

/** A readable source: an e-mail with its attachments, a web page, a PDF, a calendar file. */
export interface SourceDocument {
  kind: "email" | "html" | "text" | "pdf" | "ics";
  subject: string;
  from: { name: string; address: string } | null;
  /** The reference for relative dates: the Date header of an e-mail, else "now". */
  sentAt: Date | null;
  /** Readable plain text of the body (tables kept as rows). */
  text: string;
  /** The original HTML body, when there was one. */
  html: string | null;
  /** Text of PDF attachments and raw iCalendar text of .ics attachments. */
  attachments: SourceAttachment[];
}

export interface SourceAttachment {
  filename: string;
  contentType: "application/pdf" | "text/calendar";
  /** Extracted text for a PDF; the raw iCalendar text for a calendar. */
  text: string;
  /**
   * A PDF not read yet: the e-mail handler keeps the file and the queue job
   * reads it later, within page and time limits (app/.server/ingest/pdf-attachments.ts).
   */
  pdfBytes?: Uint8Array;
}

export interface ExtractContext {
  /** Reference instant for relative dates ("tomorrow", "this Friday"). */
  now: Date;
  /** The parent's IANA time zone; all local dates and times are in it. */
  timeZone: string;
}

export interface Recurrence {
  frequency: "daily" | "weekly" | "monthly" | "yearly";
  /** Two-letter day codes: MO TU WE TH FR SA SU. */
  byDay: string[];
  /** Every N weeks (days, months, years); 1 when absent. */
  interval?: number;
  /** A calendar file's RRULE value, as written. */
  rule?: string;
}

/**
 * One occurrence of a calendar file's series, as ical.js gives it: start and
 * end on the parent's clock with their offset ('YYYY-MM-DDTHH:mm:ss±HH:MM', so
 * an hour repeated by a daylight-saving change stays exact) or 'YYYY-MM-DD'.
 */
export interface ExtractedOccurrence {
  start: string;
  end: string | null;
  cancelled?: boolean;
  eventName?: string;
}

/**
 * One event, in the shape of the extraction contract (shared/eval/README.md):
 * `start`/`end` are 'YYYY-MM-DD' (all-day) or 'YYYY-MM-DDTHH:mm' (local time in
 * the context's zone).
 */
export interface ExtractedEvent {
  eventName: string;
  description: string | null;
  start: string;
  end: string | null;
  dateTime: boolean;
  tags: string[];
  location: string | null;
  range: boolean;
  startRange: string | null;
  endRange: string | null;
  recurrence: Recurrence | null;
  /**
   * A calendar file's series (RRULE, RDATE, EXDATE, overrides): every
   * occurrence from the reference day through the horizon (ADR 013). When set,
   * the feed shows exactly these; `start`/`end` are the first one's.
   */
  occurrences?: ExtractedOccurrence[] | null;
  /** A link the parent may follow for this event, when the source gives one (https only). */
  hyperlink?: string | null;
  /** A month-wide item ("November is book fair month"): spec §3 monthEvent, the feed's month section. */
  monthEvent?: boolean;
  /** A week-wide item ("Spirit Week Oct 14–18"): spec §3 weekEvent. */
  weekEvent?: boolean;
  /** Where in the source it was found; a PDF origin shows a PDF icon on the mention. */
  origin?: "body" | "pdf" | "ics";
  /** The line or lines it was read from, as the parent reads them (plain text, at most 300 characters). */
  source?: string | null;
  /** The extractor's estimate, 0–1, that the parent would want it; below 0.5 the app asks first (issue 30). */
  confidence?: number;
}

export interface Extractor {
  readonly name: string;
  extract(document: SourceDocument, context: ExtractContext): Promise<ExtractedEvent[]>;
}

/** spec §9 "Event tag vocabulary". */
export const TAG_VOCABULARY = [
  "no school", "cancel", "close", "reschedule", "update", "deadline", "register", "notice",
  "tentative", "survey", "dismissal", "sports", "academics", "health", "start", "end", "awards",
  "teacher", "parent", "family", "activity", "exam", "homework", "fundraiser", "fieldtrip",
  "read", "concert", "wear", "meal", "holiday", "vacation", "celebrate",
] as const;

export type Tag = (typeof TAG_VOCABULARY)[number];
