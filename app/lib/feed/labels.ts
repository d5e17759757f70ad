/**
 * The label on a tile and in the drawer (spec §9 "Labels by tag", and by
 * keyword when an event has no tags). Some tags are refined by the event's
 * words: which sport, which holiday, early or late dismissal.
 */
const BY_TAG: Record<string, string> = {
  "no school": "No School",
  cancel: "Cancelled",
  close: "Closure",
  reschedule: "Rescheduled",
  update: "Updated",
  deadline: "Due Date",
  register: "Sign Up",
  notice: "Notice",
  tentative: "Tentative",
  survey: "Survey",
  dismissal: "Dismissal Notice",
  sports: "Sports",
  academics: "Academics",
  health: "Health",
  start: "First Day",
  end: "Last Day",
  awards: "Awards Event",
  teacher: "Teacher Event",
  parent: "Parent Event",
  family: "Family Event",
  activity: "Activity",
  exam: "Exam",
  homework: "Homework",
  fundraiser: "Fundraiser",
  fieldtrip: "Field Trip",
  read: "Reading",
  concert: "Music Event",
  wear: "Wear Event",
  meal: "Meal Time",
  holiday: "Holiday",
  vacation: "Vacation",
  celebrate: "Celebration",
  welcome: "Welcome",
};

type Refinement = [RegExp, string][];

/** Words that make a tag's label more precise; the first match wins. */
const REFINE: Record<string, Refinement> = {
  dismissal: [
    [/\bearly\b/i, "Early Dismissal"],
    [/\blate\b/i, "Late Dismissal"],
  ],
  academics: [
    [/\bscience\b/i, "Science"],
    [/\bmath/i, "Math"],
  ],
  sports: [
    [/\bsoccer\b/i, "Soccer"],
    [/\bbasketball\b/i, "Basketball"],
    [/\bhockey\b/i, "Hockey"],
    [/\bbaseball\b/i, "Baseball"],
    [/\bsoftball\b/i, "Softball"],
    [/\bfootball\b/i, "Football"],
    [/\bvolleyball\b/i, "Volleyball"],
    [/\bswim/i, "Swimming"],
    [/\btennis\b/i, "Tennis"],
    [/\b(track|cross.country)\b/i, "Track"],
    [/\bgymnastics\b/i, "Gymnastics"],
  ],
  holiday: [
    [/\bindependence day\b|\bjuly 4|\bfourth of july\b/i, "Independence Day"],
    [/\bchristmas\b/i, "Christmas"],
    [/\bhalloween\b/i, "Halloween"],
    [/\bvalentine/i, "Valentine's"],
    [/\bthanksgiving\b/i, "Thanksgiving"],
  ],
  celebrate: [
    [/\bwelcome\b/i, "Welcome"],
    [/\bbirthday\b/i, "Birthday"],
    [/\bgraduat/i, "Graduation"],
  ],
  start: [[/\bfirst day\b/i, "First Day"]],
};

/** spec §9: without tags the label comes from keywords, else 'Event'. */
const BY_KEYWORD: Refinement = [
  [/\bphoto/i, "Photos"],
  [/\bconstruction\b/i, "Construction"],
  [/\bschool (event|assembly|concert|play|fair)\b/i, "School Event"],
  [/\b(weather|snow day|storm)\b/i, "Weather Notice"],
  [/\bband\b/i, "Band"],
  [/\bearly dismissal\b/i, "Early Dismissal"],
  [/\bpick.?up\b/i, "Pick Up"],
  [/\b(news|newsletter)\b/i, "News"],
  [/\bninja\b/i, "Ninja"],
];

function firstMatch(rules: Refinement, text: string): string | null {
  for (const [pattern, label] of rules) if (pattern.test(text)) return label;
  return null;
}

export interface Labelled {
  tags: readonly string[];
  eventName?: string;
  description?: string | null;
}

export function eventLabel(event: Labelled): string {
  const text = `${event.eventName ?? ""} ${event.description ?? ""}`;
  for (const raw of event.tags) {
    const tag = raw.toLowerCase();
    const label = BY_TAG[tag];
    if (!label) continue;
    const refine = REFINE[tag];
    return (refine && firstMatch(refine, text)) || label;
  }
  return firstMatch(BY_KEYWORD, text) ?? "Event";
}

/** Every known tag's label, for the drawer's tags header. */
export function tagLabels(event: Labelled): string[] {
  const text = `${event.eventName ?? ""} ${event.description ?? ""}`;
  const labels = event.tags
    .map((raw) => {
      const tag = raw.toLowerCase();
      const label = BY_TAG[tag];
      if (!label) return null;
      const refine = REFINE[tag];
      return (refine && firstMatch(refine, text)) || label;
    })
    .filter((label): label is string => Boolean(label));
  return labels.length ? [...new Set(labels)] : [eventLabel(event)];
}
