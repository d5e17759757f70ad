/**
 * issue 30: the message card, opened from an event, shows the line the event was
 * read from and marks it. The event's source is plain text; the message is the
 * sanitised HTML in its frame (or the text's paragraphs). The line is found by its
 * words, whatever the spacing, case or punctuation around them.
 */

/** Words only, lower-case, one space apart: "- Book swap:  Bring ONE book" → "book swap bring one book". */
export function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * What to look for: the source's last line (the item under a date line, the date under
 * a heading, the session of an event), its first words; nothing for a line too short to
 * find again.
 */
export function markKey(source: string): string | null {
  const lines = source.split("\n").map(comparable).filter(Boolean);
  const key = (lines.at(-1) ?? "").split(" ").slice(0, 10).join(" ");
  return key.length >= 6 ? key : null;
}

/**
 * Marks the smallest element under `root` whose words hold the key, by wrapping its
 * content in <mark>, and returns the mark (null when the line is not there).
 */
export function markIn(root: Element, source: string): HTMLElement | null {
  const key = markKey(source);
  if (!key || !comparable(root.textContent ?? "").includes(key)) return null;
  let found: Element = root;
  for (;;) {
    const child = [...found.children].find((c) => comparable(c.textContent ?? "").includes(key));
    if (!child) break;
    found = child;
  }
  const mark = found.ownerDocument.createElement("mark");
  mark.id = "cubby-source";
  while (found.firstChild) mark.appendChild(found.firstChild);
  found.appendChild(mark);
  return mark;
}
