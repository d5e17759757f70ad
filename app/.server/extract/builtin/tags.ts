/**
 * Tags from spec §9 chosen by the words of an event. The rules about status
 * (cancel / reschedule / update / deadline / tentative) follow the gold
 * conventions in shared/eval/README.md; the rest are topic words. English and
 * Quebec French side by side.
 */
import type { Tag } from "../types";
import { foldAccents, foldRegex } from "./fold";

const TOPICS: [Tag, RegExp][] = [
  ["no school", /\bno (?:school|classes?)\b|\bschools? (?:is |are |will be )?closed\b|\bschool closed\b|\b(?:p\.?a\.?|p\.?d\.?|ped|pro-d|professional (?:development|activity)) days?\b|\bpédagogique\b|\bpas (?:de )?(?:cours|classe|école)\b|\bcongé\b|\b(?:winter|spring|march|fall|mid-winter|thanksgiving|christmas|holiday|april|easter|february|reading) (?:break|recess|holidays)\b|\bwinter holidays\b|\bsemaine de relâche\b|\brelâche\b|\bstaff (?:development|in-service)\b|\bin-service\b|\bsnow day\b|\b(?:écoles?|établissements?)\b[^.]{0,90}\bfermé|\bfermeture des écoles\b|\bschool (?:is )?cancell?ed\b|\bclosed for\b/i],
  ["close", /\bclos(?:ed|ure|ing)\b|\bfermée?s?\b|\bfermeture\b/i],
  ["holiday", /\b(?:thanksgiving|labou?r day|veterans day|remembrance day|christmas|noël|hanukkah|new year'?s?|martin luther king|mlk day|presidents'? day|family day|good friday|easter|victoria day|memorial day|canada day|independence day|juneteenth|columbus day|indigenous peoples'? day|action de grâce|fête du travail|vendredi saint|pâques|journée nationale des patriotes|saint-jean|truth and reconciliation|good friday|easter monday|diwali|lunar new year|eid)\b/i],
  ["vacation", /\b(?:winter|spring|march|summer|mid-winter|christmas|holiday|february|april) (?:break|recess|vacation|holidays)\b|\bwinter holidays\b|\bcongé des fêtes\b|\bvacances\b|\brelâche\b|\bholiday break\b/i],
  ["start", /\bfirst day\b|\b(?:students?|classes?|school) (?:return|resumes?|starts?|begins?)\b|\breturn to (?:school|class)\b|\bback to school\b(?! night)|\bclasses resume\b|\bretour (?:en classe|à l'école|des élèves)\b|\brentrée\b|\bpremière journée\b|\bseason opener\b|\bopening day\b|\bkick-?off\b(?! time)/i],
  ["end", /\blast day\b|\bdernière journée\b|\bfin des classes\b|\bend of (?:the )?(?:term|semester|year|season)\b/i],
  ["sports", /\b(?:game|games|match|matches|practice|practices|tournament|tourney|jamboree|playoffs?|scrimmage|tryouts?|league|soccer|hockey|ringette|basketball|baseball|softball|volleyball|football|lacrosse|rugby|swim(?:ming)? meet|track meet|cross[- ]country|skating|ski team|wrestling|badminton|futsal|t-ball|vs\.?|@|home opener|championships?|pratique|partie|entraînements?|tournoi|doubleheader|ice time|on ice|swim meet|semifinals?|quarterfinals?|finals|player evaluations?|compétitions?|natation|provincials|regionals|little league)\b/i],
  ["concert", /\b(?:concert|sing[- ]?along|choir|band|recital|orchestra|musical|play|performance|talent show|spectacle|chorale|harmonie|theatre|theater|drama|showcase|carol)\b/i],
  ["family", /\bfamil(?:y|ies) (?:welcome|night|fun|day|dance|skate|event|picnic|bbq|breakfast)\b|\ball families\b|\bfamilies (?:are )?(?:welcome|invited)\b|\bfamille\b|\bfamilles (?:sont )?(?:bienvenues|invitées)\b|\bharvest social\b|\bfamily\b/i],
  ["parent", /\b(?:pta|pto|pac|psg|parent council|school council|home and school|conseil d'établissement|parent[-– ](?:teacher|guide)|parents? (?:meeting|night|info|information|orientation|conferences?|interviews?)|conferences?|interviews|orientation|curriculum night|open house|board meeting|information (?:night|session|evening)|info (?:night|session)|soirée d'information|séance d'information|course selection|kindergarten round-?up|rencontre de parents|réunion de parents|assemblée générale|bulletin)\b/i],
  ["teacher", /\b(?:parent[-– ]teacher|parent[-– ]guide|enseignant(?:e)?s|teacher appreciation|staff appreciation|teacher conferences?|meet the teacher|rencontre (?:avec )?(?:les )?enseignants?)\b/i],
  ["fieldtrip", /\b(?:field ?trips?|trip|excursion|sortie|museum|musée|zoo|aquarium|permission (?:slip|form)s?|ski (?:and|&) snowboard|ski day|planetarium|science centre|science center|farm visit|overnight camp|outdoor ed(?:ucation)?)\b/i],
  ["academics", /\b(?:stem|steam|science|math|literacy|numeracy|coding|robotics|science fair|academic|spelling bee|sciences|mathématiques)\b/i],
  ["exam", /\b(?:exams?|examens?|tests?|quiz|midterms?|finals|provincial assessments?|eqao|épreuves?|évaluations?|sat|act|psat|diploma exam)\b/i],
  ["homework", /\b(?:homework|devoirs?)\b/i],
  ["read", /\b(?:book (?:fair|orders?|club|swap)|scholastic|reading|read-?a-?thon|library|books?|lecture|bibliothèque|livres?)\b/i],
  ["fundraiser", /\b(?:fundrais(?:er|ing)|bake sale|cookie dough|raffle|silent auction|walkathon|walk-a-thon|jog-?a-?thon|pledges?|(?:book|uniform|plant|bake|garage|yard|craft|rummage|clothing|used) sale|campagne de financement|levée de fonds|collecte de fonds|donations?)\b/i],
  ["meal", /\b(?:dinner|lunch|breakfast|brunch|pancakes?|bbq|barbecue|pizza|hot dog|potluck|spaghetti|supper|dîner|souper|déjeuner|hot lunch|snack)\b/i],
  ["wear", /\b(?:wear|dress|costumes?|pyjamas?|pajamas?|pj day|spirit day|jersey day|hat day|crazy hair|colou?r day|twin day|orange shirt|pink shirt|uniform|portez|habillez|déguis\w*|chandail)\b/i],
  ["celebrate", /\b(?:celebrat\w*|parade|party|festival|commencement|valentine'?s?|fête|gala|carnival|carnaval|halloween|célébration|social|fair|graduation|grad|promotion)\b/i],
  ["awards", /\b(?:awards?|honou?r roll|ceremony|cérémonie|remise des prix|prix|recognition|banquet|graduation)\b/i],
  ["health", /\b(?:medical|vaccin\w*|immuni[sz]ation|flu shots?|vision|hearing|dental|nurse|lice|health|screening|santé|infirmière|physicals?|wellness)\b/i],
  ["activity", /\b(?:club|clubs|karate|grading|belt|ballet|dance|lego|robotics|campout|walk to school|den meeting|den|scouts?|cubs|brownies|guides|chess|dance class|camp|workshop|atelier|activité|assembly|assemblée|spirit|carnival|robotics|art class|lesson|lessons|rehearsal|répétition)\b/i],
  ["survey", /\b(?:survey|questionnaire|sondage|feedback form)\b/i],
  ["register", /\b(?:regist(?:er|ration)|sign[- ]?ups?|booking opens|round-?up|enrol(?:l|ment|lment)?|inscriptions?|s'inscrire|rsvp)\b/i],
  ["dismissal", /\b(?:early dismissal|early release|minimum days?|half[- ]day|dismiss(?:al|ed) (?:at|early)|late dismissal|sortie hâtive|départ hâtif|fin des cours à)\b/i],
];

const STATUS: [Tag, RegExp][] = [
  ["cancel", /\b(?:cancell?ed|cancell?ation|cancell?ing|called off|postponed(?!\s+(?:to|until|till)\s+\w)|annulée?s?|pas d'entraînement|n'y aura pas d'(?:entraînement|activité|école)|reportée? à une date ultérieure|won't (?:take place|happen)|will not (?:take place|happen|be held))\b/i],
  ["reschedule", /\b(?:rescheduled|moved (?:to|from)|moves to|(?:is|are) moving to|will move to|has been moved|is now (?:on|scheduled for)|now (?:on|takes place on)|new date|postponed (?:to|until|till)|pushed (?:back )?to|reportée? au|déplacée? au|remis(?:e)? au|nouvelle date|changed to)\b/i],
  ["update", /\b(?:new time|time change|now (?:starts?|begins?) at|instead of \d|will (?:now )?start at \d[^.]*instead|now at|will now (?:start|begin|end)|updated?|changement d'heure|nouvelle heure|(?:start|end)s? (?:earlier|later))\b/i],
  ["deadline", /\b(?:due(?! to (?:the|a|an|bad|poor|inclement|unforeseen|low|severe|heavy|extreme|ongoing|weather|illness|snow|rain|ice|staffing|scheduling|circumstances|covid)\b)|deadline|last day to|no later than|must be (?:returned|submitted|received)|submit(?:ted)? by|return(?:ed)? by|back by|order by|register by|sign up by|orders? close|registration closes|date limite|au plus tard|avant le|remettre|closes|close on|(?:on sale|en vente|available|open) (?:until|till|jusqu'au)|before (?=\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))\b/iu],
  ["tentative", /\b(?:TBD|TBA|TBC|to be (?:determined|announced|confirmed)|tentative(?:ly)?|snow date|rain date|storm date|weather permitting|à confirmer|à déterminer|date de remplacement|en cas de (?:pluie|tempête))\b/i],
];

/** Tags implied by an event's own words. */
const FOLDED_TOPICS = TOPICS.map(([tag, re]) => [tag, foldRegex(re)] as const);
const FOLDED_STATUS = STATUS.map(([tag, re]) => [tag, foldRegex(re)] as const);

export function tagsFor(text: string): Tag[] {
  const tags = new Set<Tag>();
  const folded = foldAccents(text.replace(/[’]/g, "'"));
  for (const [tag, re] of FOLDED_TOPICS) if (re.test(folded)) tags.add(tag);
  for (const [tag, re] of FOLDED_STATUS) if (re.test(folded)) tags.add(tag);
  // A break or holiday closure is "no school", not a building closure.
  if (tags.has("vacation")) tags.add("no school");
  if (tags.has("reschedule")) tags.delete("cancel");
  return [...tags];
}
