/**
 * MIME content-transfer encodings for sample parts, so that templates can be
 * written as readable text and still reach the server the way real mailers
 * send them (Outlook's quoted-printable HTML, base64 calendar attachments).
 * Input is text with any line endings; output uses CRLF as RFC 2045 requires.
 */

const MAX_LINE = 76;

function crlf(text: string): string {
  return text.replace(/\r?\n/g, "\r\n");
}

export function base64Body(text: string): string {
  const encoded = Buffer.from(crlf(text), "utf8").toString("base64");
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += MAX_LINE) lines.push(encoded.slice(i, i + MAX_LINE));
  return lines.join("\r\n");
}

/** Printable ASCII other than "=" passes through; everything else becomes =XX per UTF-8 byte. */
function quoteLine(line: string): string[] {
  const pieces: string[] = [];
  for (const char of line) {
    const code = char.codePointAt(0)!;
    const printable = code >= 33 && code <= 126 && char !== "=";
    if (printable || char === " " || char === "\t") pieces.push(char);
    else for (const byte of Buffer.from(char, "utf8")) pieces.push(`=${byte.toString(16).toUpperCase().padStart(2, "0")}`);
  }
  // Whitespace at the end of a line would be stripped in transit (RFC 2045 §6.7 rule 3).
  const last = pieces.at(-1);
  if (last === " " || last === "\t") pieces[pieces.length - 1] = last === " " ? "=20" : "=09";
  return pieces;
}

/** Wraps encoded pieces into lines of at most 76 characters with soft breaks ("=" at the end). */
function softWrap(pieces: string[]): string {
  const lines: string[] = [];
  let current = "";
  for (const piece of pieces) {
    // Keep one column free for the soft-break "=".
    if (current.length + piece.length > MAX_LINE - 1) {
      lines.push(`${current}=`);
      current = "";
    }
    current += piece;
  }
  lines.push(current);
  return lines.join("\r\n");
}

export function quotedPrintableBody(text: string): string {
  return crlf(text)
    .split("\r\n")
    .map((line) => softWrap(quoteLine(line)))
    .join("\r\n");
}
