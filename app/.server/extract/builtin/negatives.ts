/**
 * What is not an event: marketing mail, recaps of what already happened,
 * menus and opening hours. Dates in the past are dropped later by the
 * normaliser; these rules catch what a date alone cannot tell.
 */

const PROMO_SIGNALS: RegExp[] = [
  /\b\d{1,2}\s?% off\b/i,
  /\b(?:sale|discount|promo(?:tion)? code|coupon|limited (?:time|spots|offer)|book (?:a |your )?free|free (?:trial|assessment|consultation|class|lesson)|shop now|buy now|order now|enrol(?:l)? now|sign up now|save \$?\d+|special offer|early[- ]bird (?:pricing|rate|discount)|% de rabais|offre spéciale)\b/i,
  /\bunsubscribe\b|\bmanage (?:your )?(?:preferences|subscription)\b|\bse désabonner\b/i,
  /\bfollow us\b|\binstagram\b|\bfacebook\.com\b/i,
  /\b(?:our|the) (?:store|shop|centre|center|studio|clinic) (?:hours|is open)\b|\bhours\s*:|\bopen (?:daily|monday|7 days)\b/i,
];

/** A parent's school, team or club speaks of its own children; a vendor sells. */
const COMMUNITY_SIGNALS =
  /\b(?:your child(?:ren)?'s (?:class|teacher|school|team)|our (?:students|class|team|players|school)|dear (?:parents|families)|(?:hi|hello) (?:everyone|families|parents|team)|coach|principal|teacher|classroom|chers parents|nos élèves|permission|forms? (?:are )?due)\b/i;

/** True for marketing mail whose dates are offers, not family events. */
export function isPromotional(text: string, subject: string): boolean {
  const all = `${subject}\n${text}`;
  const score = PROMO_SIGNALS.filter((re) => re.test(all)).length;
  if (score >= 3) return !COMMUNITY_SIGNALS.test(all) || score >= 4;
  return false;
}

/** A sentence about what already happened ("Thank you to everyone who came…"). */
export function isRecapSentence(sentence: string): boolean {
  return (
    /\b(?:thank(?:s| you)(?: so much)?(?: to)? (?:all|everyone|every|each|our|the|you for)|what an? \w+|congratulations to|it was (?:great|wonderful)|we had a|merci à tous|merci à toutes|quelle belle)\b/i.test(sentence) ||
    /\b(?:last (?:week|night|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|month)|yesterday|earlier this (?:week|month)|la semaine dernière|hier)\b/i.test(sentence)
  );
}

/** Recurring opening hours and menus: not calendar entries. */
export function isHoursOrMenu(sentence: string): boolean {
  return (
    /\b(?:hours|open|closed on sundays|menu|lunch menu|today's special|office hours|heures d'ouverture)\b\s*:/i.test(sentence) ||
    // "The library returns to its regular hours on Monday, September 6."
    /\b(?:hours of operation|(?:regular|normal|summer|office|opening|building) hours|heures (?:d'ouverture|régulières))\b/i.test(sentence)
  );
}

/** A meal's heading on its own line ("BREAKFAST", "Lunch:"): the rows of a menu. */
const MEAL_HEADING = /^\s*(?:breakfast|lunch|dinner|snack|petit[- ]déjeuner|dîner|déjeuner|collation)s?\s*:?\s*$/im;

/**
 * A menu: meals by day, three meal headings or more. Its dates are the days food is
 * served ("March 8th - 12th"), never events; only a named event in it counts.
 */
export function isMenu(text: string): boolean {
  return text.split("\n").filter((line) => MEAL_HEADING.test(line)).length >= 3;
}

/**
 * A page's or post's own date stamp or byline ("Posted: May 3", "Updated (5/3 9:08 am):",
 * "Posted by Ms. Lee on May 3", "Publié le 3 mai"): when the text was written, not an event.
 */
const STAMP_BEFORE =
  /(?:^|[\s(|•])(?:posted|published|updated|edit(?:ed)?|last (?:updated|modified|edited|revised)|modified|revised|publié(?:e)?|mis(?:e)? à jour|modifié(?:e)?|envoi)(?:\s+(?:by|par)\s+[^:!?\n]{1,50}?)?(?:\s+(?:on|at|le|à|du))?\s*[:(–-]?\s*$/i;

/** Whether the text just before a date makes the date a page stamp. */
export function isDateStamp(textBefore: string): boolean {
  return STAMP_BEFORE.test(textBefore.slice(-80));
}

/**
 * A day that runs as usual: "schools will stay open on Monday", "Feb 24 and 25
 * are now full days of school", "classes resume as normal". Nothing changes in
 * the parent's calendar, so nothing is added to it.
 */
const AS_USUAL =
  /(?<![\p{L}])(?:(?:schools?|classes|buses|the building|campus)\b[^.;]{0,40}\b(?:stay|stays|remain|remains|keep|will be|are|is)\s+open\b|(?:keep|keeps)\s+(?:all\s+)?(?:its\s+|our\s+|the\s+)?schools?\s+open\b|open as (?:usual|normal)|(?:full|regular|normal) (?:days? of school|school days?|days?)\b|as (?:a )?(?:normal|regular) (?:school )?days?|(?<!\bno\s)(?:will\s+(?:now\s+)?|now\s+)have\s+(?:class|classes|school)\b|écoles? (?:[\p{L}'’]+\s+){0,3}ouvertes?|écoles?\b[^.;]{0,40}\b(?:seront|sont|restent|resteront|demeurent|demeureront) ouvert(?:e|s|es)?|(?:restent|resteront) ouvertes?)/iu;
const CHANGE_WORDS = /(?<![\p{L}])(?:clos(?:ed|ing|ure)|cancel+ed|cancel|postponed|early dismissal|delay(?:ed)?|late start|no school|fermée?s?|annulée?s?)(?![\p{L}])/iu;

export function isDayAsUsual(sentence: string): boolean {
  return AS_USUAL.test(sentence) && !CHANGE_WORDS.test(sentence.replace(AS_USUAL, ""));
}

/** "School is open.", "Classes run as normal.": a short sentence saying the day before it changes nothing. */
export const OPEN_AS_USUAL = /^(?:but\s+)?(?:the\s+)?(?:schools?|classes|the building|l'école|les écoles)\s+(?:is|are|will be|remains?|stays?|will (?:remain|stay)|run|runs|will run|est|sont|reste|restent|sera|seront)\s+(?:open|ouvertes?|as (?:usual|normal))(?:\s+as\s+(?:usual|normal))?\s*[.!]?$/i;

/** "We will get back to you on Monday", "more details to follow Friday": a promise to write again, not an event. */
export function isPromiseToWrite(sentence: string): boolean {
  return /\b(?:get back to you|update you|be in touch|keep you (?:posted|informed|updated)|(?:send|share) (?:you )?(?:more|further) (?:details|information|info)|more (?:details|information|info) (?:to follow|will follow)|vous reviendra|vous tiendrons? (?:au courant|informés?))\b/i.test(sentence);
}

/** "in case we have to close schools", "a possible closure", "if the weather turns": may or may not happen. */
export const CONTINGENCY =
  /\b(?:in case|in the event (?:that|of)|if (?:we|the (?:school|board|district)|schools?) (?:have to|has to|must|need to|needs to|decide)|(?:may|might|could) (?:have to )?(?:close|be closed|be cancell?ed|move|change)|possible (?:closure|closing|cancell?ation)|contingency|au cas où|si nous devions|fermeture possible|éventuelle fermeture)\b/i;

/** "(March 14 was originally a PD day)", "the date had been set for…": what the plan used to be. */
export const FORMER_PLAN = /\b(?:was|were) (?:originally|previously|first|initially)\b|\bhad (?:originally |previously )?been (?:scheduled|planned|set)\b|\bused to be\b|\bétait (?:initialement|prévue? à l'origine)\b/i;

/**
 * A rule or policy that starts applying ("changes take effect from 11.59pm
 * tonight", "the new framework comes into force Monday"): a change of rules, not
 * something to go to.
 */
export const TAKES_EFFECT = /\b(?:takes?|took|will take) effect\b|\bcomes? into (?:effect|force)\b|\bentr(?:e|ent|era|eront) en vigueur\b/i;

/**
 * When staff report for work ("maintenance staff are expected to report at 6 am", "le personnel
 * doit se présenter au travail"): the employer's instruction, not the family's day.
 */
export const STAFF_DUTY =
  /\b(?:report (?:to|for) (?:work|duty)|(?:staff|employees|personnel)\b[^.;]{0,40}\b(?:expected|required|asked) to report|se présenter au travail|(?:membres du )?personnel[^.;]{0,80}\bau travail)\b/i;

/**
 * Paperwork on its way ("Permission slips will be sent home on Monday", "order forms go
 * home Friday", "reading games go home"): the school's errand, not a day for the calendar.
 * Reports and report cards stay: the parent reads them as news of the child.
 */
export const SENT_HOME =
  /\b(?:forms?|order forms?|tickets?|letters?|permission slips?|packets?|flyers?|notices?|newsletters?|games?|materials?|booklets?|envelopes?|folders?)\s+(?:will\s+(?:be\s+)?|are\s+(?:being\s+)?|is\s+(?:being\s+)?)?(?:sent|send|go(?:es|ing)?|come|coming)\s+home\b/i;

/**
 * Who may enrol, not when anything happens: "current families have priority
 * until April 10", "must turn three by September 1", "born on or before".
 */
export const ELIGIBILITY = /\bha(?:ve|s) priority\b|\bpriority (?:registration |enrol+ment )?(?:until|through|before)\b|\bmust (?:turn (?:\w+ )?|be (?:\w+ )?years? old )(?:by|before|on or before)\b|\bborn (?:on or )?(?:before|after|between)\b|\bto be eligible\b|\bage (?:as of|on)\b/i;
