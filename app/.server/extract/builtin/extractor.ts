/**
 * The built-in extractor: deterministic, offline, no key. Reads the body (the
 * text part, or the HTML when that is all there is), every forwarded or
 * quoted message against its own date, PDF attachments and calendar files.
 */
import { calendarDay, type CalendarDay } from "../../../lib/calendar-day";
import { htmlToLines } from "../read/html-text";
import type { ExtractContext, ExtractedEvent, Extractor, SourceDocument } from "../types";
import { oneLanguage, toExtractedEvent, type Candidate } from "./candidate";
import { eventsFromIcs } from "./ics";
import { foldUnnamedMentions, joinConsecutiveDays, joinSameSeries, withoutUmbrellaSpans } from "./identity";
import { isMenu, isPromotional } from "./negatives";
import { hasEventNoun } from "./titles";
import { supersede } from "./replies";
import { forgetReadDates, numericDayFirst, schoolYearOf } from "./dates";
import { candidatesFromLines, linesFromText } from "./text-events";
import { splitThread } from "./thread";

function bodyText(document: SourceDocument): { lines: ReturnType<typeof htmlToLines> | null; text: string } {
  if (document.kind === "html" && document.html) return { lines: htmlToLines(document.html), text: document.text };
  const text = document.text ?? "";
  if (document.html && text.trim().length < 40) {
    return { lines: null, text: htmlToLines(document.html).map((l) => l.text).join("\n") };
  }
  return { lines: null, text };
}

function candidatesFromBody(document: SourceDocument, reference: CalendarDay, timeZone: string): Candidate[] {
  const { lines, text } = bodyText(document);
  const written = `${document.subject}\n${lines ? lines.map((l) => l.text).join("\n") : text}`;
  const schoolYear = schoolYearOf(written, reference);
  const dayFirst = numericDayFirst(written, timeZone);
  if (lines) {
    return candidatesFromLines(lines, { reference, schoolYear, dayFirst, subject: document.subject, segment: 0, origin: "body" });
  }
  const segments = splitThread(text, reference);
  const candidates = segments.flatMap((segment) =>
    candidatesFromLines(linesFromText(segment.text), {
      reference: segment.reference ?? reference,
      schoolYear: segment.reference ? schoolYearOf(segment.text, segment.reference) : schoolYear,
      dayFirst,
      subject: segment.subject ?? document.subject,
      segment: segment.order,
      origin: "body",
    }),
  );
  return oneLanguage(supersede(candidates));
}

/** Every event the body and PDF attachments give, as first read (the fit of `confidence.ts` reads these too). */
export function builtinCandidates(document: SourceDocument, context: ExtractContext): Candidate[] {
  try {
    return readCandidates(document, context);
  } finally {
    forgetReadDates();
  }
}

function readCandidates(document: SourceDocument, context: ExtractContext): Candidate[] {
  const reference = calendarDay(context.now, context.timeZone);
  if (isPromotional(document.text ?? "", document.subject ?? "")) return [];
  const candidates = candidatesFromBody(document, reference, context.timeZone);
  for (const attachment of document.attachments) {
    if (attachment.contentType !== "application/pdf") continue;
    candidates.push(
      ...candidatesFromLines(linesFromText(attachment.text), {
        reference,
        schoolYear: schoolYearOf(attachment.text, reference),
        dayFirst: numericDayFirst(attachment.text, context.timeZone),
        subject: document.subject,
        segment: 0,
        origin: "pdf",
      }),
    );
  }
  const read = joinSameSeries(joinConsecutiveDays(foldUnnamedMentions(withoutUmbrellaSpans(candidates))));
  return isMenu(document.text ?? "") ? read.filter((c) => hasEventNoun(c.title)) : read;
}

export const builtinExtractor: Extractor = {
  name: "builtin",
  async extract(document: SourceDocument, context: ExtractContext): Promise<ExtractedEvent[]> {
    if (isPromotional(document.text ?? "", document.subject ?? "")) return [];
    const events = builtinCandidates(document, context).map(toExtractedEvent);
    for (const attachment of document.attachments) {
      // An invitation without SUMMARY is named by its mail's subject ("Invitation: …"); a calendar feed's name names no event.
      const subject = document.kind === "email" ? document.subject : "";
      if (attachment.contentType === "text/calendar") events.push(...eventsFromIcs(attachment.text, context, subject));
    }
    return events;
  },
};
