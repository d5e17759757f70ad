/**
 * PDF → text with unpdf (pdf.js built for serverless; runs in Node and workerd).
 */
import { extractText, getDocumentProxy } from "unpdf";
import type { SourceDocument } from "../types";

export async function pdfToText(bytes: Uint8Array): Promise<string> {
  // pdf.js may detach the buffer it is given; keep the caller's copy intact.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
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
