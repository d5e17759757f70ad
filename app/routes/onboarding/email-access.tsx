/** /join/email: asking for read access to Gmail (spec §2 "Onboarding screens" 2). */
import { useState } from "react";
import type { Route } from "./+types/email-access";
import { AccessPicture } from "~/components/onboarding/AccessPicture";
import { HelpText } from "~/components/onboarding/HelpText";
import { ButtonAnchor, ButtonLink } from "~/components/ui/Button";
import { MailIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { Screen } from "~/components/ui/Screen";

export const meta: Route.MetaFunction = () => [{ title: "Email Access · Cubby" }];

export default function EmailAccess() {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Screen
      mark
      title="needs Email Access"
      lead="Your kids' schedule is built from the school and sports emails you already get."
      actions={
        <>
          {/* Leaves the app for Google's consent screen. */}
          <ButtonAnchor href="/api/auth/google/gmail">Allow Access</ButtonAnchor>
          <ButtonLink look="quiet" to="/forward/address">
            Try another way
          </ButtonLink>
        </>
      }
    >
      <AccessPicture from={<MailIcon size={28} />} fromLabel="Gmail" />
      <ul className="mt-6 flex flex-col gap-3 text-callout text-ink-soft">
        <li className="flex gap-3">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand" />
          Only emails from the teachers, coaches and schools you choose are scanned.
        </li>
        <li className="flex gap-3">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand" />
          Your data is kept secure and never sold.
        </li>
      </ul>
      <HelpText onOpen={() => setHelpOpen(true)}>Why is email access required?</HelpText>
      <Prompt
        open={helpOpen}
        icon={<MailIcon size={40} />}
        title="Email Access is Required"
        description={
          <>
            <p>Your schedule is created from the emails sent to you.</p>
            <p className="mt-2">Your data is kept secure and never sold.</p>
            <p className="mt-2">
              Cubby is CASA Tier 2 compliant, as verified by a third-party auditor.
            </p>
          </>
        }
        onConfirm={() => setHelpOpen(false)}
      />
    </Screen>
  );
}
