/**
 * The signed-in parent as `GET /api/user/profile` answers it (spec §3 "User
 * profile"), and the small decisions screens make from it.
 */

export interface ForwardingAddress {
  id: string;
  address: string;
  /** False until the first e-mail arrives at the address. */
  active: boolean;
}

/** From Gmail's "Gmail Forwarding Confirmation" mail, once it has arrived at the forwarding address. */
export interface ForwardingConfirmation {
  code: string | null;
  url: string | null;
}

export interface Preferences {
  firstViewTutorial?: boolean;
  tempUnits?: string;
  distUnits?: string;
  calendarInvitee?: string | null;
  weeklyPreview?: boolean;
}

export interface School {
  _id: string;
  name: string;
  city: string | null;
  stateProv: string | null;
}

export interface Child {
  _id: string;
  firstName: string;
  grade: string;
  avatarId: string;
  teachers: string[];
  school: School | null;
}

export interface Subscription {
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

export interface Profile {
  _id: string;
  displayName: string;
  email: string;
  timezone: string | null;
  country: string | null;
  lastLocation: { lat: number; lng: number } | null;
  emailProvider: string | null;
  calendarProvider: string | null;
  forwardingAddress: ForwardingAddress | null;
  forwardingConfirmation?: ForwardingConfirmation | null;
  preferences: Preferences;
  partnerEmail: string | null;
  /** The partner opened the confirmation link: previews go to them too. */
  partnerConfirmed?: boolean;
  /** Events Cubby found this month: the profile's "minutes saved". */
  eventsThisMonth?: number;
  /** Mail parked beyond Basic's five a month, read once the parent upgrades. */
  waitingMessages?: number;
  subscription: Subscription;
  /** "partner" when the parent shares a family someone else owns (ADR 026). */
  familyRole?: "owner" | "partner";
  children: Child[];
}

/** spec §2 "Nested group": the tutorial comes first until the parent has seen it. */
export function afterReady(profile: Pick<Profile, "preferences">): "/tutorial" | "/focus" {
  return profile.preferences?.firstViewTutorial ? "/focus" : "/tutorial";
}
