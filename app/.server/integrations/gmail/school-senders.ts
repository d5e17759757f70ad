/**
 * Which senders in a parent's Gmail look like a child's school or club
 * (spec §2.4 "Suggested for you"): schools, teachers, districts and boards,
 * sports clubs and leagues, and the platforms they send through. Only headers
 * are read (From, List-Id), never bodies, and only these senders are kept.
 */

/** Platforms schools, teachers and clubs send parents mail through. */
const PLATFORM_DOMAINS = [
  // School–home messaging
  "parentsquare.com", "remind.com", "remindmail.com", "schoolmessenger.com", "classdojo.com", "mybrightwheel.com",
  "brightwheel.com", "bloomz.net", "bloomz.com", "konstella.com", "classtag.com", "seesaw.me", "peachjar.com",
  "smore.com", "membershiptoolkit.com", "edsby.com", "schoolcashonline.com", "kevgroup.com", "synrevoice.com",
  "schoolstatus.com", "talkingpoints.org", "tadpoles.com", "procaresoftware.com", "himama.com", "famly.co",
  "storypark.com", "schoolpay.com", "myschoolbucks.com", "paypams.com", "ptboard.com", "givebacks.com",
  // Student information systems and learning platforms
  "powerschool.com", "infinitecampus.com", "infinitecampus.org", "skyward.com", "aeries.net", "schoology.com",
  "instructure.com", "classroom.google.com", "blackbaud.com", "myschoolapp.com", "veracross.com", "finalsite.com",
  "finalsite.net", "edlio.com", "apptegy.com", "thrillshare.com", "schoolblocks.com", "blackboard.com",
  "campussuite.com", "sendwithschoolmessenger.com",
  // Sign-ups, teams and leagues
  "signupgenius.com", "teamsnap.com", "sportsengine.com", "sportngin.com", "gc.com", "gamechanger.io",
  "leagueapps.com", "playmetrics.com", "teamapp.com", "heja.io", "spond.com", "band.us", "stack.sports",
  "stacksports.com", "demosphere.com", "bluesombrero.com", "rschooltoday.com", "arbitersports.com", "byga.net",
  "teamlinkt.com", "rampinteractive.com", "goalline.ca", "ezfacility.com", "jackrabbitclass.com", "iclasspro.com",
  "daysmartrecreation.com", "activenet.com", "active.com", "amilia.com", "perfectmind.com", "scouting.org",
];

/** Words in a domain that mark a school, a board or district, or a club. */
const DOMAIN_WORDS =
  /(?:^|[.-])(?:k12|schools?|isd|usd|cusd|sd\d*|esd|district|academy|elementary|elem|middle|highschool|hs|ps\d*|pta|pto|ptsa|cdsb|dsb|tdsb|ocdsb|cbe|epsb|sd\d+|csd|swim|soccer|hockey|baseball|softball|basketball|gymnastics|martial|karate|scouts?|athletics|league|fc|ymca)(?:[.-]|\d|$)/i;

/** Words in a display name that mark a school, a teacher or coach, or a club. */
const NAME_WORDS =
  /\b(?:school|elementary|academy|montessori|preschool|daycare|kindergarten|district|principal|teacher|coach|pta|pto|ptsa|classroom|league|fc|soccer|swim|hockey|baseball|softball|basketball|gymnastics|dance|scouts?|athletics)\b/i;

/** "Mrs. Alvarez", "Mr Brown", "Mme Roy": how teachers sign their mail. */
const TEACHER_TITLE = /\b(?:Mrs|Mr|Ms|Mme|Mlle|Madame|Monsieur|MRS|MR|MS)\b\.?\s+\p{Lu}/u;

export interface SenderHeaders {
  from: string;
  listId?: string | null;
}

export interface Sender {
  address: string;
  name: string;
}

/** The From header as a name and a lowercase address. */
export function parseFrom(header: string): Sender | null {
  const angle = /^\s*"?([^"<]*)"?\s*<([^>]+)>/.exec(header);
  const address = (angle?.[2] ?? header).trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return null;
  return { address, name: (angle?.[1] ?? "").trim() };
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1);
}

function onDomain(domain: string, list: readonly string[]): boolean {
  return list.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export function looksLikeSchoolSender(sender: Sender, listId: string | null = null): boolean {
  const domain = domainOf(sender.address);
  if (domain.endsWith(".edu") || /\.k12\.[a-z]{2}\.us$/.test(domain)) return true;
  if (onDomain(domain, PLATFORM_DOMAINS)) return true;
  if (listId && onDomain(/<([^>]+)>/.exec(listId)?.[1]?.toLowerCase() ?? "", PLATFORM_DOMAINS)) return true;
  // Consumer mail (gmail.com, outlook.com…) counts by a name that says teacher or coach.
  const personal = /^(?:gmail|googlemail|outlook|hotmail|live|yahoo|icloud|me|aol|proton|protonmail)\.[a-z.]+$/.test(domain);
  if (personal) return /\b(?:coach|teacher)\b/i.test(sender.name) || TEACHER_TITLE.test(sender.name);
  return DOMAIN_WORDS.test(domain.replace(/\.[a-z]+$/, "")) || NAME_WORDS.test(sender.name) || TEACHER_TITLE.test(sender.name);
}

export interface Suggestion extends Sender {
  count: number;
}

/** The school-like senders among these messages' headers, most mail first. */
export function schoolSenders(messages: readonly SenderHeaders[]): Suggestion[] {
  const counts = new Map<string, Suggestion>();
  for (const message of messages) {
    const sender = parseFrom(message.from);
    if (!sender || !looksLikeSchoolSender(sender, message.listId ?? null)) continue;
    const seen = counts.get(sender.address);
    if (seen) seen.count += 1;
    else counts.set(sender.address, { ...sender, count: 1 });
  }
  return [...counts.values()].toSorted((a, b) => b.count - a.count || a.address.localeCompare(b.address));
}
