/**
 * Newsletters often group items under headings ("GRADE 2 NEWS", "Kindergarten:",
 * "Grades 3-5") and the items themselves never repeat the grade. The heading
 * above an event's line says which grade it is for.
 */
import { gradeMentions } from "./grades";
import { looksDated } from "./letter";

/** A short line that introduces a section rather than telling something. */
function isHeading(line: string): boolean {
  const t = line.trim().replace(/^[#=*_\s]+|[#=*_\s]+$/g, "");
  if (t.length === 0 || t.length > 40 || /^[-•*·–]/.test(line.trim())) return false;
  if (/[.,;!?]$/.test(t) || looksDated(t)) return false;
  return t.split(/\s+/).length <= 6;
}

/** A line as compared: lowercase, single spaces, no bullet in front. */
function plain(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase().replace(/^[^\p{L}\p{N}]+/u, "");
}

/**
 * Grades named by the heading of the section an event sits in, or an empty set
 * when its section has no grade heading (or the event cannot be found).
 */
export function sectionGrades(mailText: string, eventLine: string, options: { sports: boolean }): Set<number> {
  // The event's first words find its line in the mail.
  const wanted = plain(eventLine).slice(0, 30);
  if (wanted.length < 8) return new Set();
  const lines = mailText.split("\n");
  const at = lines.findIndex((line) => plain(line).includes(wanted));
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!isHeading(line)) continue;
    const grades = gradeMentions(line, options);
    // A heading without a grade ("School-wide", "Sports") closes the search: its items are for everyone.
    return grades;
  }
  return new Set();
}
