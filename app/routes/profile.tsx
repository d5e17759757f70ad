/**
 * /profile: the parent's account, in spec §2 "Profile"'s order: name, minutes
 * saved, plan, kids, followed senders (Gmail only), partner, connections, the
 * parent's school and club calendars and the calendar feed out (both beyond
 * the spec), forwarding address, this phone, weekly previews, weather
 * attribution, help, subscription, and the ways out.
 */
import { lazy, Suspense } from "react";
import type { Route } from "./+types/profile";
import { feedToken, feedUrl } from "~/.server/calendar-feed/link";
import { listCalendarLinks } from "~/.server/calendar-links";
import { config } from "~/.server/env";
import { familyView } from "~/.server/family/family";
import { listHeldMail } from "~/.server/ingest/held-mail";
import { signedInParent } from "~/.server/signed-in";
import { cloudflareContext } from "~/context";
import { CalendarLinks } from "~/components/calendars/CalendarLinks";
import { CalendarFeed } from "~/components/profile/CalendarFeed";
import { DeleteActions } from "~/components/profile/DeleteActions";
import { familyToShow, useFamily } from "~/components/profile/use-family";
import { FromSomeoneNew } from "~/components/profile/FromSomeoneNew";
import { LogOutActions } from "~/components/profile/LogOutActions";
import { Kids } from "~/components/profile/Kids";
import { PartnerEmail } from "~/components/profile/PartnerEmail";
import { TOUCH_PILL } from "~/components/profile/PremiumTag";
import { CARD, RowAnchor, RowLink, Section } from "~/components/profile/Section";
import { Subscription } from "~/components/profile/Subscription";
import { useInstalled } from "~/components/profile/use-display-mode";
import { WeeklyPreviews } from "~/components/profile/WeeklyPreviews";
import { useProfile } from "~/components/session/SignedIn";
import { CopyField } from "~/components/ui/CopyField";
import { BellIcon, CalendarIcon, MailIcon, SparkleIcon } from "~/components/ui/icons";
import { CheckIcon, ExternalIcon, PhoneIcon } from "~/components/ui/screen-icons";
import { Screen } from "~/components/ui/Screen";
import { WakingSection } from "~/components/ui/WakingSection";
import { subscriptionView } from "~/components/upgrade/plan";
import type { Profile as ProfileData } from "~/lib/profile";
import { bugReportLink } from "~/lib/support";
import { usernameFrom } from "~/lib/forwarding-next";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Cubby" }];

/**
 * What the profile's cards would otherwise ask for after hydration comes with
 * the page: the calendar feed's link, mail waiting from someone new, the
 * parent's calendar links and their family. No loading pulse while the profile
 * opens, no request after it, and no card appears later and pushes the rest down.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const parent = await signedInParent(context, request);
  if (!parent) return { calendarFeedLink: null, heldMail: null, calendarLinks: null, family: null };
  const [token, heldMail, calendarLinks, family] = await Promise.all([
    feedToken(parent.db, parent.userId),
    listHeldMail(parent.familyDb, parent.familyKey),
    listCalendarLinks(parent.familyDb, parent.familyKey),
    familyView(parent.db, parent.userId),
  ]);
  return { calendarFeedLink: feedUrl(config(context.get(cloudflareContext).env).APP_URL, token), heldMail, calendarLinks, family };
}

// Only a Gmail parent has followed addresses: the section's code loads for them. No Suspense boundary,
// so the server's page waits for it rather than stream it in later.
const FamilySharing = lazy(() => import("~/components/profile/FamilySharing").then((module) => ({ default: module.FamilySharing })));
const FollowedSenders = lazy(() => import("~/components/profile/FollowedSenders").then((module) => ({ default: module.FollowedSenders })));
// The push switch shows only where Cubby runs installed, never on the server's page: its code loads there (ADR 012).
const Notifications = lazy(() => import("~/components/profile/Notifications").then((module) => ({ default: module.Notifications })));

/** Weather comes from Open-Meteo (ADR 008), whose data is CC BY 4.0: credit it where the spec puts the attribution. */
const WEATHER_ATTRIBUTION = "https://open-meteo.com/";

/** spec §4: the plan, and "Cancels on {date}" beside it; the badge opens the Subscription card. */
function PlanBadge({ profile }: { profile: ProfileData }) {
  const view = subscriptionView(profile.subscription);
  const premium = view.plan === "premium";
  return (
    <div className="flex items-center gap-3">
      <a href="#subscription" className={TOUCH_PILL}>
        <span
          className={`inline-flex min-h-8 items-center gap-1.5 rounded-full px-3 text-footnote font-semibold ${
            premium ? "bg-sun-soft text-sun-strong" : "bg-sunken text-ink-soft"
          }`}
        >
          {premium ? <SparkleIcon size={14} /> : null}
          {premium ? "Premium" : "Basic"}
        </span>
      </a>
      {view.plan === "premium" && view.cancelsOn ? (
        <span className="text-footnote text-ink-soft">Cancels on {view.cancelsOn}</span>
      ) : null}
    </div>
  );
}

/** An e-mail address has no spaces to wrap at: at large text it breaks anywhere rather than push the page sideways. */
function Address({ children }: { children: string }) {
  return <span className="wrap-anywhere">{children}</span>;
}

function Connected() {
  return (
    <span className="inline-flex items-center gap-1 text-footnote font-semibold text-success">
      <CheckIcon size={16} />
      Connected
    </span>
  );
}

function Connect() {
  return <span className="text-footnote font-semibold text-brand">Connect</span>;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { state, refresh } = useProfile();
  const installed = useInstalled();
  const profile = state.profile;
  const premium = profile ? subscriptionView(profile.subscription).plan === "premium" : false;
  const { family, refresh: refreshFamily } = useFamily(loaderData.family);
  const reload = () => void refresh();
  // Joining, leaving or inviting changes whose kids and events the profile shows.
  const reloadFamily = () => {
    reload();
    refreshFamily();
  };
  const sharedWith = family && profile ? family.members.filter((m) => m.userId !== profile._id).map((m) => m.email) : [];

  return (
    <Screen
      back="/focus"
      title={
        profile ? (
          profile.displayName || <Address>{profile.email}</Address>
        ) : (
          <span className="inline-block h-8 w-40 animate-pulse rounded-lg bg-sunken align-middle" aria-label="Loading" />
        )
      }
      lead={profile && profile.displayName ? <Address>{profile.email}</Address> : undefined}
    >
      {profile ? (
        <div className="flex flex-col gap-7">
          <div className="flex items-center justify-between gap-4 rounded-card bg-surface p-4 shadow-card">
            <p className="flex flex-col">
              <span className="text-title font-bold text-ink">{profile.eventsThisMonth ?? 0}</span>
              <span className="text-footnote text-ink-soft">Minutes saved this month</span>
            </p>
            <PlanBadge profile={profile} />
          </div>

          <FromSomeoneNew fromServer={loaderData.heldMail} onAccepted={reload} />

          <Section title="Your Kids">
            <Kids kids={profile.children} />
          </Section>

          {profile.emailProvider === "gmail" ? (
            <Section title="Followed Addresses">
              <FollowedSenders />
            </Section>
          ) : null}

          <Section title="Parenting Partner">
            <PartnerEmail
              key={profile.partnerEmail ?? ""}
              saved={profile.partnerEmail}
              confirmed={profile.partnerConfirmed ?? false}
              invited={Boolean(family?.invites.length || sharedWith.length)}
              onSaved={reloadFamily}
            />
            {familyToShow(family, profile._id) ? (
              <WakingSection>
                <FamilySharing
                  me={profile._id}
                  family={family}
                  hasData={profile.children.length > 0 || (profile.eventsThisMonth ?? 0) > 0}
                  onChanged={reloadFamily}
                />
              </WakingSection>
            ) : null}
          </Section>

          <Section title="Connections">
            <div className={CARD}>
              <RowAnchor
                href="/api/auth/google/gmail?return=/profile"
                icon={<MailIcon size={22} />}
                trailing={profile.emailProvider === "gmail" ? <Connected /> : <Connect />}
              >
                Gmail
              </RowAnchor>
              {/* Not yet connected: the Calendar Access screen says why first (spec §2 "Onboarding screens" 3). */}
              {profile.calendarProvider === "gcal" ? (
                <RowAnchor href="/api/auth/google/gcal?return=/profile" icon={<CalendarIcon size={22} />} trailing={<Connected />}>
                  Google Calendar
                </RowAnchor>
              ) : (
                <RowLink to="/add/calendar?from=/profile" icon={<CalendarIcon size={22} />} trailing={<Connect />}>
                  Google Calendar
                </RowLink>
              )}
            </div>
          </Section>

          <Section title="Calendars">
            <CalendarLinks fromServer={loaderData.calendarLinks} />
          </Section>

          <Section title="Subscribe in your calendar">
            <CalendarFeed fromServer={loaderData.calendarFeedLink} />
          </Section>

          <Section title="Forwarding Address">
            {profile.forwardingAddress ? (
              <CopyField label="Your Cubby address" value={profile.forwardingAddress.address} />
            ) : (
              <div className={CARD}>
                <RowLink to={usernameFrom("/profile")} icon={<MailIcon size={22} />}>
                  Choose a Username
                </RowLink>
              </div>
            )}
          </Section>

          <Section title="This Phone">
            <div className={CARD}>
              <RowLink to="/install" icon={<PhoneIcon size={22} />}>
                Install App
              </RowLink>
              {/* spec §6: the switch itself only where Cubby runs installed; elsewhere, the screen that sets it up. */}
              {installed ? (
                <Suspense fallback={null}>
                  <Notifications premium={premium} />
                </Suspense>
              ) : (
                <RowLink to="/notifications" icon={<BellIcon size={22} />}>
                  Notifications
                </RowLink>
              )}
            </div>
          </Section>

          <Section title="Email">
            <div className={CARD}>
              <WeeklyPreviews on={Boolean(profile.preferences.weeklyPreview)} premium={premium} />
            </div>
          </Section>

          <Section title="About">
            <div className={CARD}>
              <a
                href={WEATHER_ATTRIBUTION}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-touch items-center gap-3 px-4 py-3 hover:bg-sunken"
              >
                <span className="min-w-0 flex-1 text-body text-ink">Weather data by Open-Meteo.com</span>
                <ExternalIcon size={18} className="shrink-0 text-ink-faint" />
              </a>
              <RowAnchor href={bugReportLink({ email: profile.email, userAgent: typeof navigator === "undefined" ? "" : navigator.userAgent })}>
                Report a Bug
              </RowAnchor>
            </div>
          </Section>

          <section id="subscription" aria-label="Subscription" className="flex scroll-mt-4 flex-col gap-2">
            <h2 className="px-1 text-footnote font-semibold tracking-wide text-ink-faint uppercase">Subscription</h2>
            <Subscription subscription={profile.subscription} />
          </section>

          <LogOutActions />

          <DeleteActions sharedWith={sharedWith} onDataDeleted={reload} />
        </div>
      ) : null}
    </Screen>
  );
}
