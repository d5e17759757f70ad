/**
 * Sources as stored in D1 (messages with attachments, URL sources), turned
 * back into the readable documents extraction works on.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { attachments, messages, urlSources, type SourceStatus } from "../db/schema";
import type { SourceAttachment, SourceDocument } from "../extract/types";
import type { IngestJob } from "./jobs";
import type { SourceRef } from "./merge";

export interface LoadedSource {
  ref: SourceRef;
  document: SourceDocument;
  /** The reference instant for relative dates. */
  reference: Date;
}

/** `stored` is the message as kept in R2, for its body (D1 keeps text and HTML only for mail stored before). */
export async function loadSource(db: Db, job: IngestJob, stored: SourceDocument | null = null): Promise<LoadedSource | null> {
  if (job.kind === "message") {
    const message = await db.query.messages.findFirst({
      where: and(eq(messages.id, job.messageId), eq(messages.userId, job.userId)),
    });
    if (!message) return null;
    const files = await db
      .select()
      .from(attachments)
      .where(and(eq(attachments.messageId, message.id), eq(attachments.userId, job.userId)));
    return {
      ref: {
        id: message.id,
        kind: "email",
        sender: message.senderName,
        address: message.senderAddress,
        date: message.sentAt ?? message.receivedAt,
        url: null,
      },
      reference: message.sentAt ?? message.receivedAt,
      document: {
        kind: "email",
        subject: message.subject,
        from: { name: message.senderName, address: message.senderAddress },
        sentAt: message.sentAt,
        text: message.text ?? stored?.text ?? "",
        html: message.html ?? stored?.html ?? null,
        attachments: files.map((f) => ({
          filename: f.filename,
          contentType: f.contentType as SourceAttachment["contentType"],
          text: f.text,
        })),
      },
    };
  }
  const page = await db.query.urlSources.findFirst({
    where: and(eq(urlSources.id, job.urlSourceId), eq(urlSources.userId, job.userId)),
  });
  if (!page) return null;
  const isPdf = page.contentType === "application/pdf";
  return {
    ref: { id: page.id, kind: "url", sender: "", address: "", date: page.parsedAt, url: page.url },
    reference: page.parsedAt,
    document: {
      kind: isPdf ? "pdf" : "html",
      subject: page.title,
      from: null,
      sentAt: null,
      text: page.text ?? "",
      html: page.html,
      attachments: [],
    },
  };
}

export async function markSource(
  db: Db,
  job: IngestJob,
  status: SourceStatus,
  details: { eventsCount?: number; statusDetail?: string | null } = {},
): Promise<void> {
  const set = { status, statusDetail: details.statusDetail ?? null, eventsCount: details.eventsCount ?? 0 };
  if (job.kind === "message") {
    await db.update(messages).set(set).where(and(eq(messages.id, job.messageId), eq(messages.userId, job.userId)));
  } else {
    await db
      .update(urlSources)
      .set(set)
      .where(and(eq(urlSources.id, job.urlSourceId), eq(urlSources.userId, job.userId)));
  }
}
