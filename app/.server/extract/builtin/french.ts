/**
 * Quebec French calendar words. Kept apart so the English scanners read as
 * English; the date and time scanners merge these tables into theirs.
 */

export const FRENCH_MONTHS: Record<string, number> = {
  janvier: 1, janv: 1,
  février: 2, fevrier: 2, févr: 2, fevr: 2,
  mars: 3,
  avril: 4, avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7, juil: 7,
  août: 8, aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  décembre: 12, decembre: 12, déc: 12,
};

/** 0 = Sunday, like Date#getUTCDay. */
export const FRENCH_WEEKDAYS: Record<string, number> = {
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
};

/** Relative day words and their offset from the reference date. */
export const FRENCH_RELATIVE_DAYS: Record<string, number> = {
  "aujourd'hui": 0, "aujourd’hui": 0, "ce soir": 0, "demain": 1, "après-demain": 2,
};

/** Connectors of a span: "du 18 au 22 janvier", "jusqu'au 4 décembre". */
export const FRENCH_SPAN_CONNECTORS = ["au", "à", "jusqu'au", "jusqu’au"];

const FRENCH_WORDS = /(?<![\p{L}])(?:le|la|les|des|du|est|sont|nous|vous|que|pour|avec|dans|une|aux|sera|seront|votre|vos|nos|notre)(?![\p{L}])/giu;
const ENGLISH_WORDS = /\b(?:the|and|is|are|we|you|that|for|with|will|our|your|this|be|of)\b/gi;

/**
 * The language a passage is written in, by its small words: a bilingual
 * notice (French, then the same in English) says each thing twice.
 */
export function languageOf(text: string): "fr" | "en" | null {
  const fr = text.match(FRENCH_WORDS)?.length ?? 0;
  const en = text.match(ENGLISH_WORDS)?.length ?? 0;
  if (fr >= 3 && fr > 2 * en) return "fr";
  if (en >= 3 && en > 2 * fr) return "en";
  return null;
}
