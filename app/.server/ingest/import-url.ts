/**
 * Importing a web page or PDF a parent asked for (Premium): fetched safely,
 * stored as a URL source, and read for events at once so the answer can say
 * how many were found.
 */
import { eq } from "drizzle-orm";
import { withScheme } from "~/lib/feed/url-form";
import { database, type Db } from "../db/client";
import { urlSources, users } from "../db/schema";
import { extractEvents } from "../extract/pipeline";
import { readHtml } from "../extract/read/html";
import { readPdf } from "../extract/read/pdf";
import { chooseExtractor } from "./extractor";
import { safeFetch, type HostResolver } from "./safe-fetch";
import { storeUrlSourceEvents } from "./url-source-events";

/** `userId`: the family's key; `addedBy`: the parent who asked, whom the message card credits. */
export async function importUrl(
  db: Db,
  env: Env,
  { userId, addedBy }: { userId: string; addedBy: string },
  address: string,
  resolver: HostResolver,
): Promise<{ id: string; eventsCount: number; newEventsCount: number }> {
  const page = await safeFetch(withScheme(address), { resolver });
  const pdf = page.contentType === "application/pdf";
  const document = pdf ? await readPdf(page.bytes) : await readHtml(new TextDecoder().decode(page.bytes));
  const [source] = await db
    .insert(urlSources)
    .values({
      userId,
      addedBy,
      url: page.url,
      title: document.subject || new URL(page.url).hostname,
      contentType: page.contentType,
      html: page.contentType === "text/html" ? document.html : null,
      text: document.text,
    })
    .returning();
  // The parent's zone is the directory's; the page's rows (db), the family's.
  const user = await database(env).query.users.findFirst({ where: eq(users.id, userId), columns: { timezone: true } });
  const timeZone = user?.timezone ?? "UTC";
  const extracted = await extractEvents(document, { now: source!.parsedAt, timeZone }, chooseExtractor(env));
  // The whole document is the PDF: its events are mentions of type url-pdf, which show the PDF icon.
  const found = pdf ? extracted.map((event) => ({ ...event, origin: "pdf" as const })) : extracted;
  const merged = await storeUrlSourceEvents(
    db,
    env,
    userId,
    { id: source!.id, kind: "url", sender: "", address: "", date: source!.parsedAt, url: page.url },
    found,
    timeZone,
  );
  // "Great! We found N new events": N counts events created now, not known ones mentioned again.
  return { id: source!.id, eventsCount: merged.eventIds.length, newEventsCount: merged.created };
}
