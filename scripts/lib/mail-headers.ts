/**
 * Just enough RFC 5322 header handling for the sample scripts: reading a
 * top-level header (unfolded) and an address out of it, and replacing one when
 * the benchmark makes variations of a sample.
 */

/** The header block: everything before the first empty line. */
function splitHeaderBlock(raw: string): { head: string; rest: string } {
  const match = raw.match(/\r?\n\r?\n/);
  if (!match || match.index === undefined) return { head: raw, rest: "" };
  return { head: raw.slice(0, match.index), rest: raw.slice(match.index) };
}

/** Header lines with their folded continuation lines joined. */
function headerFields(head: string): string[] {
  const fields: string[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1] += line;
    else fields.push(line);
  }
  return fields;
}

/** The unfolded value of the first top-level header with that name, or null. */
export function headerValue(raw: string, name: string): string | null {
  const prefix = `${name.toLowerCase()}:`;
  const field = headerFields(splitHeaderBlock(raw).head).find((f) => f.toLowerCase().startsWith(prefix));
  return field === undefined ? null : field.slice(prefix.length).replace(/\s+/g, " ").trim();
}

/** The bare address in "Name <a@b>" or "a@b", lowercased; null when there is none. */
export function addressIn(value: string | null): string | null {
  if (!value) return null;
  const bracketed = value.match(/<([^<>\s]+@[^<>\s]+)>/);
  const bare = bracketed?.[1] ?? value.match(/[^\s<>",;]+@[^\s<>",;]+/)?.[0];
  return bare ? bare.toLowerCase() : null;
}

/** Replaces a top-level header (and its folded lines), keeping the message's line endings. */
export function replaceHeader(raw: string, name: string, value: string): string {
  const { head, rest } = splitHeaderBlock(raw);
  const eol = head.includes("\r\n") ? "\r\n" : "\n";
  const prefix = `${name.toLowerCase()}:`;
  const lines = head.split(/\r?\n/);
  // A continuation line starts with white space, so it never matches a header name.
  const start = lines.findIndex((line) => line.toLowerCase().startsWith(prefix));
  if (start < 0) throw new Error(`The message has no ${name} header to replace.`);
  let end = start + 1;
  while (end < lines.length && /^[ \t]/.test(lines[end]!)) end++;
  // The folded lines of the old value go too; the new value is written on one line.
  lines.splice(start, end - start, `${name}: ${value}`);
  return lines.join(eol) + rest;
}
