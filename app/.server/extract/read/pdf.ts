/**
 * PDF → text with unpdf (pdf.js built for serverless; runs in Node and workerd).
 */
import { getDocumentProxy } from "unpdf";
import type { SourceDocument } from "../types";

/** A school flyer or calendar is a few pages; a newsletter a dozen. */
export const MAX_PDF_PAGES = 30;
/** Reading stops between pages once this long has passed; what was read is kept. */
export const MAX_PDF_MS = 10_000;

/**
 * The text of the first MAX_PDF_PAGES pages, reading no further once
 * MAX_PDF_MS has passed: a crafted or huge PDF cannot hold a Worker for long.
 */
export async function pdfToText(bytes: Uint8Array, limits = { pages: MAX_PDF_PAGES, ms: MAX_PDF_MS }): Promise<string> {
  const started = Date.now();
  // pdf.js may detach the buffer it is given; keep the caller's copy intact.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, limits.pages); number++) {
      if (Date.now() - started > limits.ms) break;
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    }
    // As unpdf's extractText({ mergePages: true }) joins them.
    return pages.join("\n").replace(/[^\S\n]+/g, " ").replace(/ ?\n ?/g, "\n").replace(/\n{3,}/g, "\n\n");
  } finally {
    void pdf.destroy();
  }
}

export async function readPdf(bytes: Uint8Array | ArrayBuffer): Promise<SourceDocument> {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text: string;
  try {
    text = await pdfToText(data);
  } catch (error) {
    throw new Error(`Unreadable PDF: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const firstLine = text.split("\n").find((l) => l.trim()) ?? "";
  return {
    kind: "pdf",
    subject: firstLine.trim().slice(0, 120),
    from: null,
    sentAt: null,
    text,
    html: null,
    attachments: [],
  };
}
