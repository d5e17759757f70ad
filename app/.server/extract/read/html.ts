import type { SourceDocument } from "../types";
import { htmlTitle, htmlToText } from "./html-text";

/** A web page (a team page, a school's events list). */
export function readHtml(html: string): SourceDocument {
  return {
    kind: "html",
    subject: htmlTitle(html),
    from: null,
    sentAt: null,
    text: htmlToText(html),
    html,
    attachments: [],
  };
}
