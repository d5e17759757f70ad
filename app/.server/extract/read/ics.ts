import type { SourceDocument } from "../types";

/** A calendar file: the raw iCalendar text travels as the document's one attachment. */
export function readIcs(text: string, filename = "calendar.ics"): SourceDocument {
  const clean = text.replace(/^\ufeff/, "");
  if (!/BEGIN:VCALENDAR/i.test(clean)) throw new Error("Not an iCalendar file (no BEGIN:VCALENDAR)");
  const name = /^X-WR-CALNAME:(.*)$/im.exec(clean)?.[1]?.trim() ?? "";
  return {
    kind: "ics",
    subject: name,
    from: null,
    sentAt: null,
    text: "",
    html: null,
    attachments: [{ filename, contentType: "text/calendar", text: clean }],
  };
}
