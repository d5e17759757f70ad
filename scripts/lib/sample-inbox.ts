/**
 * The sample inbox on disk (samples/inbox/*.eml templates) and turning a
 * template into a mail ready to post to a parent's Cubby address.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { addressIn, headerValue } from "./mail-headers";
import { DEFAULT_TIME_ZONE, fill } from "./sample-template";

/** INBOUND_DOMAIN in wrangler.toml: forwarding addresses are <username>@ this. */
export const INBOUND_DOMAIN = "in.cubby.localhost";

export interface SampleTemplate {
  /** The file name, e.g. 04-snow-day-closure.eml. */
  name: string;
  text: string;
}

export interface PreparedMail {
  name: string;
  /** The raw RFC 822 message, CRLF line endings. */
  raw: string;
  /** The envelope sender: the From header's address. */
  from: string;
  subject: string;
  sentAt: Date;
}

/** "maya" → maya@in.cubby.localhost; a full address is kept (lowercased). */
export function cubbyAddress(usernameOrAddress: string): string {
  const value = usernameOrAddress.trim().toLowerCase();
  if (value.includes("@")) {
    if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value)) throw new Error(`Not an e-mail address: ${usernameOrAddress}`);
    return value;
  }
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(value)) throw new Error(`Not a Cubby username: ${usernameOrAddress}`);
  return `${value}@${INBOUND_DOMAIN}`;
}

/** The .eml files named, directories expanded to their .eml files, each list in name order. */
export async function sampleFiles(paths: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    if ((await stat(path)).isDirectory()) {
      const names = (await readdir(path)).filter((name) => name.endsWith(".eml")).toSorted();
      files.push(...names.map((name) => join(path, name)));
    } else {
      files.push(path);
    }
  }
  return files;
}

export async function loadTemplates(paths: string[]): Promise<SampleTemplate[]> {
  const files = await sampleFiles(paths);
  return Promise.all(files.map(async (file) => ({ name: basename(file), text: await readFile(file, "utf8") })));
}

/** A Message-ID in the sender's domain, as their mail server would write it. */
export function newMessageId(senderAddress: string | null, unique: string = crypto.randomUUID()): string {
  const domain = senderAddress?.split("@")[1] ?? "cubby.localhost";
  return `<${unique.replace(/[^A-Za-z0-9.-]/g, "")}@${domain}>`;
}

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?=C3=89cole?=") for printing a subject. */
export function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      return bytes.toString("utf8");
    });
}

/** Fills a template for one send and reads back what posting it needs. */
export function prepareMail(
  template: SampleTemplate,
  send: { sentAt: Date; to: string; timeZone?: string; messageId?: string },
): PreparedMail {
  const sender = addressIn(headerValue(template.text, "From"));
  const raw = fill(template.text, {
    sentAt: send.sentAt,
    to: send.to,
    timeZone: send.timeZone ?? DEFAULT_TIME_ZONE,
    messageId: send.messageId ?? newMessageId(sender),
  });
  const from = addressIn(headerValue(raw, "From"));
  if (!from) throw new Error(`${template.name} has no From address.`);
  return { name: template.name, raw, from, subject: decodeHeaderWords(headerValue(raw, "Subject") ?? ""), sentAt: send.sentAt };
}
