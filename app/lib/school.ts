/** Searching the school directory (spec §5 "School search", §9). */

export const SCHOOL_SEARCH_MIN = 2;
export const SCHOOL_SEARCH_DEBOUNCE_MS = 300;

export type SchoolQueryCheck = { ok: true; q: string } | { ok: false; message: string };

export function checkSchoolQuery(input: string): SchoolQueryCheck {
  const q = input.trim();
  if (!q) return { ok: false, message: "Please enter a school name" };
  if (q.length < SCHOOL_SEARCH_MIN) return { ok: false, message: "School name is too short" };
  return { ok: true, q };
}

export function noSchoolsMessage(q: string): string {
  return `No results found for "${q.trim()}"`;
}

/** "Springfield, ON" from whichever of city and province/state is known. */
export function schoolPlace(school: { city: string | null; stateProv: string | null }): string {
  return [school.city, school.stateProv].filter(Boolean).join(", ");
}
