/**
 * Short event titles in the source's own words. The extractor hands over the
 * text of one mention with its dates and times blanked out ("\uE000"); the
 * title is the label before a colon, the fragment beside the date in a list
 * line, a capitalised name ("Harvest Social") or the subject of a sentence
 * ("Our fall belt grading will take place…" → "Fall belt grading").
 */

import { foldAccents, foldRegex } from "./fold";

/** Stands in for a cut-out date or time (a private-use character, never in real text). */
export const GAP = "\uE000";

/** Nouns that make a phrase an event rather than a place or a person. */
const EVENT_NOUN_WORDS =
  /\b(?:day|night|release|evening|concert|sing-?along|social|fair|sale|meeting|tournament|game|games|match|practice|practices|party|parade|dance|play|show|festival|break|recess|holidays?|trip|visit|assembly|ceremony|celebration|conference|conferences|interviews?|orientation|open house|picnic|dinner|breakfast|lunch|bbq|barbecue|carnival|grading|recital|rehearsal|camp|clinic|club|meet|race|run|walk|photos?|pictures?|retakes?|exams?|tests?|deadline|fundraiser|drive|registration|tryouts?|activities|activity|activités|extracurriculars?|lessons?|cancell?ed|annulée?s?|performances?|presentations?|celebrations|dismissal|kick-?off|assemblies|workshop|session|sessions|invitational|classic|cup|jamboree|playoffs?|championship|gala|banquet|screening|clinic|storytime|bee|showcase|drop(?:ped)?[- ]?off|pick[- ]?up|scrimmage|campout|booking|sign[- ]?ups?|semifinals?|finals?|qualifier|commencement|exhibition|olympiad|evaluations?|clinic|fun ?fair|marathon|derby|kickoff|opener|closing|closure|closed|due|orders?|collecte|concert|journée|soirée|spectacle|examens?|congé|retour|rencontre|réunion|sortie|tournoi|pratique|partie|dîner|vente|fête|semaine|week)\b/i;

const FOLDED_EVENT_NOUNS = foldRegex(EVENT_NOUN_WORDS);

/** Whether a phrase names an event ("Harvest Social", "journée pédagogique"). */
export function hasEventNoun(text: string): boolean {
  return FOLDED_EVENT_NOUNS.test(foldAccents(text));
}

export const GENERIC_LABELS =
  /^(?:when|date|dates|time|times|where|location|place|lieu|quand|heure|horaire|note|notes|nb|reminder|reminders|rappel|rappels|important|update|updates|info|details|détails|schedule|calendar|agenda|save the date|dates to remember|important dates|upcoming events?|upcoming|coming up|this week|next week|this month|ps|p\.s\.|mark your calendars?|don't forget|new|cost|fee|bus|what|who|why|ages?|grades?|events?|subject|re|fwd|tbd|tba|due date|date due|deadline)$/i;

const LEADING_FILLER =
  /^(?:(?:friendly |quick |just a |a )?reminders?(?: that)?|rappel|please (?:note|remember)(?:,? (?:however|also|again),?)?(?: that)?|note(?: that)?|don't forget(?: about| that)?|n'oubliez pas(?: que)?|join us (?:for|at)|please join us (?:for|at)|come (?:out )?(?:to|for)|we(?:'re| are)? (?:hosting|having|holding)|there (?:is|will be)|mark your calendars?(?: for)?|save the date(?: for)?|(?:that |this |which |it )?(?:moves|pushes|shifts)|(?:on top of (?:that|this)|in addition|additionally|what['’]s more|furthermore|moreover),?|also|and|plus|then|so|but|our|the|a|an|all|your|this year's|this week's|next week's|tonight's|tomorrow's|today's|tomorrow night's|le|la|les|l'|notre|nos|un|une|des)\s+/i;

const VERB_CUT =
  /\s(?:will|is|are|was|were|has|have|had|takes? place|starts?|begins?|runs?|opens?|need(?:s)? to|must|should|can|may|goes|happens|kicks off|aura lieu|se tiendra|commence|débute|sera|seront|est|sont|a lieu|ont lieu|(?:is|are) (?:due|on|scheduled|being held))\b/i;

const AUX_CUT = /\s(?:will(?: be)?|is|are|was|were|has been|have been|takes? place|will take place|runs|continues|lasts|se tiendra|se tiendront|aura lieu|auront lieu|a lieu|ont lieu|sera|seront|est|sont)\b/i;

/** Collapses and trims a candidate to a short title. */
export function shortTitle(raw: string, maxLength = 70): string {
  let t = raw
    .replace(new RegExp(GAP, "g"), " ")
    .replace(/[\p{Extended_Pictographic}\u{FE0F}]|\p{Emoji_Modifier}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  t = t.replace(/^[\s•·*\-–—>:|,;.!)]+/, "").replace(/[\s•·*\-–—:|,;(]+$/, "").trim();
  // What is left after cutting "Tonight's" or "Tomorrow is" off the front.
  t = t.replace(/^(?:['’]s\s+|(?:is|are|will be|was|est|sera|c'est)\s+(?:an?\s+|the\s+)?)/i, "").trim();
  t = t.replace(/[.!?]+$/, "").trim();
  if (/^\(.*\)$/.test(t)) t = t.slice(1, -1);
  // Unbalanced brackets left by cutting around a date.
  if ((t.match(/\(/g)?.length ?? 0) > (t.match(/\)/g)?.length ?? 0)) t = t.replace(/\s*\([^)]*$/, "").trim();
  if ((t.match(/\)/g)?.length ?? 0) > (t.match(/\(/g)?.length ?? 0)) t = t.replace(/\)/g, "").trim();
  for (let i = 0; i < 3; i++) {
    t = t.replace(/[\s,;:–-]+(?:on|at|by|from|(?<!(?:turned|handed|filled|checked|signed|logged|dropped|drop|sent|send|hand|turn|fill|check|sign|log|come|drop-off|pick))\s+in|the|and|or|le|la|du|au|à|de|des|until|till|starting|is|are|with|for|to|of|dès|et|ou|sur|this|next|back)$/i, "").trim();
  }
  t = t.replace(/[\s,;:–(-]+$/, "").trim();
  if (t.length > maxLength) {
    const cut = t.slice(0, maxLength);
    t = cut.slice(0, Math.max(cut.lastIndexOf(" "), 20)).replace(/[\s,;:–-]+$/, "");
  }
  if (t === t.toUpperCase() && /[A-Z]{3}/.test(t)) t = toTitleCase(t);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function toTitleCase(t: string): string {
  return t
    .toLowerCase()
    .replace(/(^|[\s(/"“‘-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/\b(Of|The|And|For|In|At|On|To|De|Du|Des|La|Le|Et)\b/g, (w, _x, i: number) => (i === 0 ? w : w.toLowerCase()))
    .replace(/\b(Pa|Pd|Pta|Pto|Stem|Bbq|Tba|Tbd)\b/g, (w) => w.toUpperCase());
}

function stripFiller(t: string): string {
  let out = t.trim();
  for (let i = 0; i < 4; i++) {
    const next = out.replace(LEADING_FILLER, "").trim();
    if (next === out) break;
    out = next;
  }
  return out;
}

function contentWords(t: string): string[] {
  return t.replace(new RegExp(GAP, "g"), " ").match(/\p{L}[\p{L}'’&-]*/gu) ?? [];
}

const CONNECTOR_ONLY =
  /^(?:on|at|from|to|in|by|until|for|the|and|or|with|starting|beginning|we|you|they|it|i|us|there|these|those|le|du|au|à|de|des|dès|et|ou|sur|pour|dans|this|next|every|each|all day|today|tonight|tomorrow|morning|afternoon|evening|noon|pm|am|a\.m|p\.m|h|is|are|will be|est|sera|only|also|please|note|about|around|approx|approximately|vers|environ)$/i;

/** The weekdays and months of Irish and Welsh schools' bilingual calendars, and their ordinals ("18ú", "26ain", "3ydd"). */
const IRISH_AND_WELSH_CALENDAR = [
  "dé|luain|máirt|mairt|céadaoin|ceadaoin|déardaoin|deardaoin|haoine|aoine|satharn|sathairn|domhnach|ú",
  "eanáir|eanair|feabhra|márta|marta|aibreán|aibrean|bealtaine|meitheamh|iúil|iuil|lúnasa|lunasa|meán|mean|fómhair|fomhair|deireadh|samhain|nollaig",
  "dydd|llun|mawrth|mercher|iau|gwener|sadwrn|sul|ionawr|chwefror|ebrill|mehefin|gorffennaf|awst|medi|hydref|tachwedd|rhagfyr|af|il|ydd|ed|fed|eg|ain",
].join("|");

/**
 * Calendar words left over beside a date, e.g. the other language's half of a
 * bilingual date line ("Monday, May 6 / Lundi, 6 mai") or a date the parser
 * did not read: they name a day, never an event.
 */
const CALENDAR_WORD = new RegExp(
  String.raw`^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|may|june|july|august|september|october|november|december|janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre|st|nd|rd|th|er|e|${IRISH_AND_WELSH_CALENDAR})$`,
  "iu",
);

export function isMeaningful(fragment: string): boolean {
  const words = contentWords(fragment).filter((w) => !CONNECTOR_ONLY.test(w) && !CALENDAR_WORD.test(w));
  return words.length > 0 && !GENERIC_LABELS.test(fragment.trim());
}

/** Capitalised names such as "Middle School Band Concert" or "Harvest Social". */
function capitalisedPhrases(text: string): string[] {
  const re = /(?:[A-Z0-9][\p{L}'’&.-]*|&)(?:\s+(?:(?:of|the|and|for|de|du|des|la|le|l'|à|in|on|&|vs\.?|@)\s+)*(?:[A-Z0-9][\p{L}'’&.-]*))+/gu;
  return [...text.matchAll(re)].map((m) => m[0].replace(/\s+(?:of|the|and|for|de|du|des|la|le|à|in|on)$/i, ""));
}

/** "PMA will be closed tomorrow", "the buildings will close at 2": a place's closure, named by the place. */
const CLOSED_PLACE =
  /(?:^|,\s*|\.\s+)((?:the\s+|our\s+|all\s+)?(?:[A-Z][\p{L}'’&.-]*(?:\s+[A-Z][\p{L}'’&.-]*){0,3}|schools?|buildings?|(?:main\s+)?office|library|campus|pool|rink|arena|gym))\s+(will\s+be\s+closed|(?:is|are|remains?|will\s+remain)\s+closed|will\s+close|closes?)\b/u;

const CLOSURE_VERB = /\b(?:close|closing)\s+(?:all\s+|the\s+|our\s+|its\s+|some\s+)?schools?\b|\bfermer\s+(?:les|des|nos)\s+écoles\b/i;

/**
 * The title of a prose sentence: a capitalised event name if there is one,
 * else the subject before the verb.
 */
export function titleFromSentence(text: string): string {
  const clean = text.replace(new RegExp(GAP, "g"), " ").replace(/^[\s|•·*–-]+/, "").replace(INVITATION, "");
  // "we may have to close schools", "nous devions fermer des écoles": a closure told as a verb.
  if (CLOSURE_VERB.test(clean)) return /\bécoles?\b/i.test(clean) ? "Fermeture des écoles" : "School closure";
  const closed = CLOSED_PLACE.exec(clean);
  if (closed) {
    const place = stripFiller(closed[1]!);
    const verb = /closed$/i.test(closed[2]!) ? "closed" : /s$/i.test(place) ? "close" : "closes";
    return shortTitle(`${place} ${verb}`);
  }
  // "…a storyteller visits during the Harvest Fete": the fete is when it happens, not what.
  const told = clean.replace(SETTING, " ");
  const names = capitalisedPhrases(told)
    .map((p) => stripFiller(p))
    .filter((p) => hasEventNoun(p) && p.split(/\s+/).length >= 2 && !/^(?:Dear|Hi|Hello|Bonjour|Good)\b/.test(p));
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  if (names.length) return shortTitle(names.sort((a, b) => b.length - a.length)[0]!);
  const there = whatThereIs(clean);
  if (there) return there;
  // "Since the hall is free on …, the choir asks every singer…": the date belongs to the clause it is written in.
  const dated = DATED_OPENING.exec(text.trim());
  if (dated) {
    const clause = titleFromSentence(dated[1]!);
    if (clause) return clause;
  }
  const subject = stripFiller(clean.split(VERB_CUT)[0] ?? "");
  const words = contentWords(subject);
  if (words.length >= 1 && words.length <= 8 && isMeaningful(subject)) return shortTitle(subject);
  const nounPhrase = new RegExp(`(?:[\\p{L}'’-]+\\s+){0,3}${FOLDED_EVENT_NOUNS.source.slice(2, -2)}\\b`, "iu").exec(foldAccents(told));
  if (nounPhrase) return shortTitle(stripFiller(told.slice(nounPhrase.index, nounPhrase.index + nounPhrase[0].length)));
  return "";
}

/** A sentence that opens with a clause of its own holding the date ("When the pool opens on …, …"). */
const DATED_OPENING = /^(?:as|since|because|once|when|now that|while|although|though)\s+([^,;]*\uE000[^,;]*),/iu;

/** "There is…", "There will be a…": an existential opening, whose noun phrase is the event. */
const EXISTENTIAL = /^there(?:\s+(?:is|are|will\s+be)|['’]s|['’]ll\s+be)\s+(?:(?:a|an|the|our|also)\s+)?(.+)$/isu;

/** "There is a staff inset day on …, and the week after…": what there is, not the first noun after it. */
function whatThereIs(sentence: string): string | null {
  const existential = EXISTENTIAL.exec(sentence.trim());
  if (!existential) return null;
  const thing = existential[1]!.split(/\uE000|[,;.!?(]|\s[–—-]\s/u)[0]!.trim();
  return contentWords(thing).length <= 6 && isMeaningful(thing) ? shortTitle(thing) : null;
}

/** "during the Harvest Fete": the setting of what the sentence tells, up to the next date, stop or comma. */
const SETTING = /\b(?:during|throughout|pendant|durant)\s+[^,;.!?\uE000]{1,60}/giu;

/** "Parents are invited to the…", "Everyone is welcome at…": the event follows the invitation. */
const INVITATION = /^(?:[\p{L}/'’-]+\s+){0,3}(?:are|is)\s+(?:(?:warmly|cordially)\s+)?(?:invited|welcome|welcomed|asked)\s+(?:to\s+(?:join\s+us\s+(?:for|at)\s+|attend\s+|come\s+(?:to\s+)?)?|at\s+|for\s+)/iu;

/** Who an item is for ("Whole school", "Years 3–4", "All grades"): a column of a list, not the event. */
export const AUDIENCE = /^(?:whole[- ]school|school[- ]?wide|all (?:students|classes|grades|years|year levels|families)|everyone|all welcome|(?:years?|grades?|gr\.?|classes?|rooms?)\s*\d+(?:\s*(?:[-–&,/]|and|to)\s*\d+)*|k\s*[-–]\s*\d+|(?:under|u)\s?-?\s?\d{1,2}'?s?(?:\s*(?:[-–&,/]|and|to)\s*(?:(?:under|u)\s?-?\s?)?\d{1,2}'?s?)*|(?:juniors?|seniors?|boys|girls|beginners|novices?|minis)(?:\s*(?:&|and|,)\s*(?:juniors?|seniors?|boys|girls|beginners|novices?|minis))*)$/i;

/** A count or a price ("8 classes, $248", "$25", "£12 per child"): what it costs, not what it is. */
const COUNT_OR_PRICE = /^(?:\d+\s+(?:classes|sessions|lessons|weeks|days)(?:\s*,\s*)?)?(?:[$£€]\s?\d[\d.,]*(?:\s*(?:per|each|a)\s+\w+)?)?$/i;

/**
 * A list fragment cut before where and for whom, when what comes before
 * already names an event: "Year 1 Eid
 * performance for parents in the main hall" → "Year 1 Eid performance".
 */
function beforeWhereAndWhom(fragment: string): string {
  const m = /\s(?:for|in|at|with|on|by|pour|dans|avec)\s/i.exec(fragment);
  if (!m) return fragment;
  const head = fragment.slice(0, m.index);
  return hasEventNoun(head) && contentWords(head).length >= 2 ? head : fragment;
}

/**
 * The title of one mention. `text` has its dates and times replaced by GAP.
 * A list line ("Fri 10/16 – Scholastic book orders due") gives the fragment
 * beside the date; "Label: date" gives the label; prose falls back to the
 * sentence rules.
 */
export function titleFromMention(text: string): string {
  const trimmed = text.replace(/^[\s•·*\-–—>]+/, "");
  const colon = /^([^:\uE000]{2,80}?)\s*:\s*(.*)$/su.exec(trimmed);
  // "Practice 2: <date>" is a numbered name; "at 10:30" is a time, not a label.
  if (colon && isMeaningful(colon[1]!) && !(/\d\s*$/.test(colon[1]!) && /^\d/.test(colon[2]!))) {
    // "Beginner lessons are held each Thursday: 4, 11 and 18 March": the label's subject names it.
    const clause = stripFiller(colon[1]!);
    const subject = clause.split(AUX_CUT)[0]!.trim();
    const label = subject !== clause && contentWords(subject).length ? subject : clause;
    // "Concert de Noël : mercredi…" names the event; "A couple of highlights: …" only introduces it.
    const restWords = contentWords(colon[2]!).filter((w) => !CONNECTOR_ONLY.test(w)).length;
    if (contentWords(label).length <= 9 && (hasEventNoun(label) || restWords < 3)) return shortTitle(label);
  }
  const body = (colon ? colon[2]! : trimmed)
    // A short aside inside a name ("Parent phonics (RWI) session") is part of the name.
    .replace(/\s\(([^()\uE000]{1,12})\)(?=\s+\p{L})/gu, "");
  const pieces = (written: string) =>
    written
      .split(/\uE000|\s[–—-]\s|\s[–—]|[–—]\s|\||;|\(|\)|\s@\s/u)
      .map((f) => stripFiller(f.replace(/^[\s,.:]+|[\s,.:]+$/g, "").replace(INVITATION, "")))
      .map((f) => {
        // "Compétition régionale se tiendra" → "Compétition régionale".
        const cut = f.split(AUX_CUT)[0]!.trim();
        return contentWords(cut).length ? cut : f;
      });
  const fragments = pieces(body).filter((f) => isMeaningful(f) && !AUDIENCE.test(f.trim()) && !COUNT_OR_PRICE.test(f.trim()));
  if (fragments.length === 0) return "";
  // "Under 9s & 10s – Saturday 5 June (after the county final)": a line that says only for whom and
  // when is named by its heading; the aside in brackets is a remark, not the event.
  const outsideAsides = pieces(body.replace(/\([^()]*\)/g, " ")).filter((f) => isMeaningful(f));
  if (outsideAsides.length > 0 && outsideAsides.every((f) => AUDIENCE.test(f.trim()))) return "";
  // A list line: the first fragment with an event noun, else the first one.
  const isProse = contentWords(body).length > 14 || /[.!?]\s+\p{Lu}/u.test(body);
  const there = whatThereIs(body);
  if (there) return there;
  if (!isProse) {
    // Without an event word in any fragment, a capitalised event name in the line wins ("…the stand at the Harvest Social").
    const named = fragments.some((f) => hasEventNoun(f)) ? "" : titleFromSentence(body);
    if (named && hasEventNoun(named)) return named;
    const best = fragments.find((f) => hasEventNoun(f) && contentWords(f).length <= 10) ?? fragments[0]!;
    const short = beforeWhereAndWhom(best);
    if (contentWords(short).length <= 10) return shortTitle(short.split(/,\s+(?=(?:at|in|on|from|with|dans|au|à)\b)/i)[0]!);
  }
  return titleFromSentence(body);
}

/**
 * The name of the newsletter or page itself ("Kindergarten News", "Weekly
 * Bulletin", "Grade 3 Update", "Principal's Memo"): its date is the issue's,
 * not an event's.
 */
export const PUBLICATION_TITLE =
  /^(?:[\p{L}\d'’&.-]+\s+){0,4}(?:news|newsletter|e-?news|bulletin|updates?|digest|memo|gazette|blog|post|notes|weekly|flyer|message|announcements|nouvelles|infolettre|bulletin d'information)(?:[,\s–-]+(?:issue|no\.?|#|vol\.?|volume|week|term|semaine)\s*\d+)*(?:\s+(?:for\s+)?(?:the\s+)?week\s+(?:ending|of|beginning|starting))?$/iu;

/** Phrases that are chatter, never an event title. */
export const CHATTER_TITLE =
  /^(?:(?:can|could|would|will) (?:you|anyone|someone|somebody)|are you (?:able|free|around)|see you|thanks?|thank you|merci|have a (?:great|good|lovely|nice|restful|relaxing|wonderful|fantastic|safe|fun|brilliant|peaceful|happy)|happy|enjoy|hope|hi|hello|dear|bonjour|cheers|regards|best|sent from|go \w+!?|bonne|au plaisir|à bientôt|sorry|questions?)\b/i;

/**
 * A sum of money as the subject ("£25.00 due by 31st March", "$40 is due Friday",
 * "40 $ dû le 3 mars") names no event: the parent reads it as a payment.
 */
export function nameAmountDue(title: string): string {
  const m = /^((?:[£$€]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[£$€]|dollars?|pounds?|euros?)))(?:\s+(?:is|are|est))?\s+(?:due|dûs?|dues?|payable)(?!\p{L})/iu.exec(title.trim());
  return m ? `Payment of ${m[1]} due` : title;
}

/** Words that end a noun phrase when read leftwards from its noun: verbs, articles, pronouns, linking words. */
const PHRASE_STOP =
  /^(?:a|an|the|our|your|their|its|his|her|my|this|that|these|those|each|every|some|any|all|no|is|are|was|were|be|been|will|would|can|could|may|might|must|should|shall|have|has|had|do|does|did|get|gets|got|take|takes|took|hold|holds|held|there|here|when|while|where|which|who|whom|whose|what|and|or|but|so|if|as|at|on|in|of|for|to|from|with|by|about|after|before|during|until|than|then|we|you|they|he|she|it|i|us|them|le|la|les|l|un|une|des|du|de|au|aux|et|ou|nous|vous|ils|elles|est|sont|sera|seront|a|ont|pour|avec|dans|sur|par)$/i;

/**
 * The event named somewhere in a sentence, as a short noun phrase: its event noun
 * and the words before it up to a verb, an article or a linking word ("…the
 * elementary schools have early release…" → "Early release").
 */
export function eventNounPhrase(sentence: string): string | null {
  const words = sentence.replace(new RegExp(GAP, "g"), " ").split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.replace(/[^\p{L}'’-]/gu, "");
    if (!word || !hasEventNoun(word)) continue;
    let from = i;
    while (from > 0 && i - from < 4) {
      const before = words[from - 1]!;
      if (/[,.;:!?)]$/.test(before) || PHRASE_STOP.test(before.replace(/[^\p{L}'’]/gu, ""))) break;
      from--;
    }
    const phrase = words.slice(from, i + 1).join(" ").replace(/[,.;:!?]+$/, "");
    if (contentWords(phrase).length) return shortTitle(phrase);
  }
  return null;
}

/** A name that only points back: "the remaining dates", "both sessions", "that day", "it". */
export const POINTER_TITLE =
  /^(?:(?:the\s+)?(?:remaining|other|following|same|last|first|these|those|both|all|each|two|three|four)\s+)?(?:dates?|days?|sessions?|times?|ones?|weeks?|events?)$|^(?:it|this|that|they|these|those|that day|this day|ce jour|cette date)$/i;
