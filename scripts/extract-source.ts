/**
 * A file on disk → SourceDocument, by extension, with the Worker's readers.
 * Shared by the extract CLI, the corpus test and the extraction benchmark.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { readEml } from "../app/.server/extract/read/eml";
import { readHtml } from "../app/.server/extract/read/html";
import { readIcs } from "../app/.server/extract/read/ics";
import { readPdf } from "../app/.server/extract/read/pdf";
import { readText } from "../app/.server/extract/read/text";
import type { SourceDocument } from "../app/.server/extract/types";

export async function readSource(file: string): Promise<SourceDocument> {
  const bytes = await readFile(file);
  const text = () => new TextDecoder("utf-8").decode(bytes);
  switch (extname(file).toLowerCase()) {
    case ".eml":
      return readEml(new Uint8Array(bytes));
    case ".html":
    case ".htm":
      return readHtml(text());
    case ".pdf":
      return readPdf(new Uint8Array(bytes));
    case ".ics":
      return readIcs(text());
    case ".txt":
      return readText(text());
    default:
      throw new Error(`Unsupported file type: ${file} (expected .eml, .html, .txt, .pdf or .ics)`);
  }
}
