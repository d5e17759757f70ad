/**
 * A mail's PDF attachments are read in the queue job, not in the e-mail
 * handler: pdf.js on a large or crafted file can take seconds, and email()
 * must answer Email Routing quickly. The handler keeps the file (base64, in
 * pieces under D1's row limit); the job reads it within MAX_PDF_PAGES and
 * MAX_PDF_MS, stores the text like any attachment, and drops the pieces.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { base64, fromBase64 } from "../auth/crypto";
import type { Db } from "../db/client";
import { attachments, pdfChunks } from "../db/schema";
import { pdfToText } from "../extract/read/pdf";

/** Base64 characters per row: well under D1's 2 MB. */
const CHUNK_CHARS = 900_000;

export function keepPdf(db: Db, userId: string, attachmentId: string, bytes: Uint8Array) {
  const text = base64(bytes);
  const rows = [];
  for (let seq = 0; seq * CHUNK_CHARS < text.length; seq++) {
    rows.push(
      db.insert(pdfChunks).values({ userId, attachmentId, seq, base64: text.slice(seq * CHUNK_CHARS, (seq + 1) * CHUNK_CHARS) }),
    );
  }
  return rows;
}

/** Reads the message's kept PDFs into text; safe to run again after a retry. */
export async function readKeptPdfs(db: Db, userId: string, messageId: string): Promise<void> {
  const files = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.messageId, messageId), eq(attachments.userId, userId), eq(attachments.contentType, "application/pdf")));
  if (!files.length) return;
  const chunks = await db
    .select()
    .from(pdfChunks)
    .where(and(eq(pdfChunks.userId, userId), inArray(pdfChunks.attachmentId, files.map((f) => f.id))))
    .orderBy(asc(pdfChunks.attachmentId), asc(pdfChunks.seq));
  for (const file of files) {
    const pieces = chunks.filter((c) => c.attachmentId === file.id);
    if (!pieces.length) continue;
    let text = "";
    try {
      text = await pdfToText(fromBase64(pieces.map((p) => p.base64).join("")));
    } catch (error) {
      // A damaged PDF must not cost the parent the message body.
      console.warn("Unreadable PDF attachment", String(error));
    }
    await db.batch([
      db.update(attachments).set({ text }).where(and(eq(attachments.id, file.id), eq(attachments.userId, userId))),
      db.delete(pdfChunks).where(and(eq(pdfChunks.attachmentId, file.id), eq(pdfChunks.userId, userId))),
    ]);
  }
}
