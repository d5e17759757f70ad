/**
 * The label on an event tile, from its first tag (spec §9 "Labels by tag").
 * A first cut: the full tag and keyword vocabulary arrives with the feed model.
 */
const LABELS: Record<string, string> = {
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

export function eventLabel(tags: readonly string[]): string {
  for (const tag of tags) {
    const label = LABELS[tag.toLowerCase()];
    if (label) return label;
  }
  return "Event";
}
