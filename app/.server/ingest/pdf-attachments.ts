/**
 * A mail's PDF attachments are read in the queue job, not in the e-mail
 * handler: pdf.js on a large or crafted file can take seconds, and email()
 * must answer Email Routing quickly. The handler keeps the raw mail in R2
 * (mail-store.ts); the job takes each PDF's bytes from it, reads them within
 * MAX_PDF_PAGES and MAX_PDF_MS and stores the text like any attachment's.
 * Mail stored before bodies moved to R2 kept its PDFs in D1, base64 in pieces:
 * those are read the same way and their pieces dropped.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { fromBase64 } from "../auth/crypto";
import type { Db } from "../db/client";
import { attachments, pdfChunks } from "../db/schema";
import { pdfToText } from "../extract/read/pdf";
import type { SourceDocument } from "../extract/types";

async function readPdf(bytes: Uint8Array): Promise<string> {
  try {
    return await pdfToText(bytes);
  } catch (error) {
    // A damaged PDF must not cost the parent the message body.
    console.warn("Unreadable PDF attachment", String(error));
    return "";
  }
}

/**
 * Reads the message's PDFs into text; safe to run again after a retry. `stored` is the
 * mail from R2: its PDFs, in order, are the attachment rows' PDFs in the order they were
 * written. One already read (it has text) is not read again.
 */
export async function readKeptPdfs(db: Db, userId: string, messageId: string, stored: SourceDocument | null): Promise<void> {
  const files = await db
    .select({ id: attachments.id, text: attachments.text })
    .from(attachments)
    .where(and(eq(attachments.messageId, messageId), eq(attachments.userId, userId), eq(attachments.contentType, "application/pdf")))
    .orderBy(sql`rowid`);
  if (!files.length) return;
  if (stored) {
    const pdfs = stored.attachments.filter((a) => a.pdfBytes);
    for (const [index, file] of files.entries()) {
      const bytes = pdfs[index]?.pdfBytes;
      if (file.text || !bytes) continue;
      const text = await readPdf(bytes);
      if (text) await db.update(attachments).set({ text }).where(and(eq(attachments.id, file.id), eq(attachments.userId, userId)));
    }
    return;
  }
  const chunks = await db
    .select()
    .from(pdfChunks)
    .where(and(eq(pdfChunks.userId, userId), inArray(pdfChunks.attachmentId, files.map((f) => f.id))))
    .orderBy(asc(pdfChunks.attachmentId), asc(pdfChunks.seq));
  for (const file of files) {
    const pieces = chunks.filter((c) => c.attachmentId === file.id);
    if (!pieces.length) continue;
    const text = await readPdf(fromBase64(pieces.map((p) => p.base64).join("")));
    await db.batch([
      db.update(attachments).set({ text }).where(and(eq(attachments.id, file.id), eq(attachments.userId, userId))),
      db.delete(pdfChunks).where(and(eq(pdfChunks.attachmentId, file.id), eq(pdfChunks.userId, userId))),
    ]);
  }
}
