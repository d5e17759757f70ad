/**
 * The two step-by-step Gmail guides of spec §2 "Onboarding screens" item 9:
 * setting up forwarding to the parent's Cubby address, then (optionally)
 * filters so only school and sports mail is forwarded. One route module
 * renders every step; this table says which step a path is and where it leads.
 */

export type GuideName = "forward" | "filter";

export interface GuideStep {
  guide: GuideName;
  path: string;
  /** spec §2 step titles, word for word. */
  title: string;
  /** Where Continue goes. */
  next: string;
}

export const FORWARD_STEPS: readonly GuideStep[] = [
  { guide: "forward", path: "/forward/settings", title: "Setup Email Forwarding", next: "/forward/addresses" },
  { guide: "forward", path: "/forward/addresses", title: "Enter Forwarding Address", next: "/forward/confirmation" },
  { guide: "forward", path: "/forward/confirmation", title: "Send Forwarding Confirmation", next: "/forward/inbox" },
  // Gmail's confirmation lands in the Cubby inbox; the parent then allows forwarding.
  { guide: "forward", path: "/forward/inbox", title: "Allow Forwarding", next: "/forward/allow" },
  { guide: "forward", path: "/forward/allow", title: "Allow Forwarding", next: "/forward/success" },
  { guide: "forward", path: "/forward/success", title: "Ready", next: "/forward/filter" },
];

export const FILTER_STEPS: readonly GuideStep[] = [
  { guide: "filter", path: "/filter/settings", title: "Setup Email Filters", next: "/filter/create" },
  { guide: "filter", path: "/filter/create", title: "Enter Filter Settings", next: "/filter/address" },
  { guide: "filter", path: "/filter/address", title: "Complete Your Filter", next: "/filter/success" },
  { guide: "filter", path: "/filter/success", title: "Ready", next: "/join/success" },
];

export interface GuidePosition {
  step: GuideStep;
  /** 0-based position within its guide. */
  index: number;
  count: number;
}

export function guideStep(pathname: string): GuidePosition | undefined {
  const path = pathname.replace(/\/+$/, "");
  for (const steps of [FORWARD_STEPS, FILTER_STEPS]) {
    const index = steps.findIndex((step) => step.path === path);
    if (index >= 0) return { step: steps[index]!, index, count: steps.length };
  }
  return undefined;
}

/** Gmail's own settings pages, where each guide's work is done. */
export const GMAIL_SETTINGS = {
  forward: "https://mail.google.com/mail/u/0/#settings/fwdandpop",
  filter: "https://mail.google.com/mail/u/0/#settings/filters",
} as const;

/**
 * spec §9: the filter guide's demo Gmail "From" field, a fixed list of three
 * school-related domains: the messaging services most schools mail parents through.
 */
export const DEMO_FILTER_FROM_DOMAINS = ["parentsquare.com", "schoolmessenger.com", "remind.com"] as const;

/** As Gmail's filter form takes several senders in its From field. */
export const DEMO_FILTER_FROM = DEMO_FILTER_FROM_DOMAINS.join(" OR ");
