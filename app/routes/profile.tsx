/**
 * /profile: the parent's account (spec §2 "Profile"). This frame shows who is
 * signed in, their children, their forwarding address and the way out; the
 * remaining sections (subscription, connections, previews, deletion) build on it.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/profile";
import { useProfile } from "~/components/session/SignedIn";
import { ButtonAnchor } from "~/components/ui/Button";
import { CopyField } from "~/components/ui/CopyField";
import { BellIcon, ChevronRightIcon, PhoneIcon, PlusSquareIcon } from "~/components/ui/icons";
import { Screen } from "~/components/ui/Screen";
import { avatarSrc, gradeLabel } from "~/lib/child";
import { initials } from "~/lib/initials";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Cubby" }];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="px-1 text-footnote font-semibold tracking-wide text-ink-faint uppercase">{title}</h2>
      {children}
    </section>
  );
}

function RowLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} className="flex min-h-touch items-center gap-3 px-4 py-3 hover:bg-sunken">
      <span className="shrink-0 text-ink-soft">{icon}</span>
      <span className="min-w-0 flex-1 text-body text-ink">{children}</span>
      <ChevronRightIcon size={18} className="shrink-0 text-ink-faint" />
    </Link>
  );
}

const CARD = "flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card";

export default function Profile() {
  const { state } = useProfile();
  const profile = state.profile;

  return (
    <Screen
      back="/focus"
      title={
        profile ? (
          profile.displayName || profile.email
        ) : (
          <span className="inline-block h-8 w-40 animate-pulse rounded-lg bg-sunken align-middle" aria-label="Loading" />
        )
      }
      lead={profile && profile.displayName ? profile.email : undefined}
      actions={<ButtonAnchor look="secondary" href="/api/logout">Log Out</ButtonAnchor>}
    >
      {profile ? (
        <div className="flex flex-col gap-7">
          <Section title="Your Kids">
            <ul className={CARD}>
              {profile.children.map((child) => (
                <li key={child._id}>
                  <Link to={`/edit/child/${child._id}`} className="flex min-h-touch items-center gap-3 px-4 py-3 hover:bg-sunken">
                    <img src={avatarSrc(child.avatarId)} alt="" width={40} height={40} className="size-10 rounded-full bg-sunken" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-body font-semibold text-ink">{child.firstName}</span>
                      <span className="block truncate text-footnote text-ink-soft">
                        {[gradeLabel(child.grade), child.school?.name].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                    {child.teachers.length ? (
                      <span aria-label={`${child.teachers.length} teachers and coaches`} className="flex -space-x-2">
                        {child.teachers.slice(0, 3).map((teacher) => (
                          <span
                            key={teacher}
                            aria-hidden="true"
                            className="flex size-7 items-center justify-center rounded-full bg-sky-soft text-[0.6875rem] font-semibold text-sky ring-2 ring-surface"
                          >
                            {initials(teacher)}
                          </span>
                        ))}
                        {child.teachers.length > 3 ? (
                          <span
                            aria-hidden="true"
                            className="flex size-7 items-center justify-center rounded-full bg-sunken text-[0.6875rem] font-semibold text-ink-soft ring-2 ring-surface"
                          >
                            +{child.teachers.length - 3}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                    <ChevronRightIcon size={18} className="shrink-0 text-ink-faint" />
                  </Link>
                </li>
              ))}
              <li>
                <RowLink to="/add/child" icon={<PlusSquareIcon size={22} />}>
                  Add Child
                </RowLink>
              </li>
            </ul>
          </Section>

          {profile.forwardingAddress ? (
            <Section title="Forwarding Address">
              <CopyField label="Your Cubby address" value={profile.forwardingAddress.address} />
            </Section>
          ) : null}

          <Section title="This Phone">
            <div className={CARD}>
              <RowLink to="/install" icon={<PhoneIcon size={22} />}>
                Install App
              </RowLink>
              <RowLink to="/notifications" icon={<BellIcon size={22} />}>
                Notifications
              </RowLink>
            </div>
          </Section>
        </div>
      ) : null}
    </Screen>
  );
}
