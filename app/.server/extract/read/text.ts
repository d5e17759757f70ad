import type { SourceDocument } from "../types";

/** A plain-text note (a coach's message pasted in, a .txt file). */
export function readText(text: string): SourceDocument {
  const clean = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const firstLine = clean.split("\n").find((l) => l.trim()) ?? "";
  return {
    kind: "text",
    subject: firstLine.trim().slice(0, 120),
    from: null,
    sentAt: null,
    text: clean,
    html: null,
    attachments: [],
  };
}
