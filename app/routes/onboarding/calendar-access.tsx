/**
 * /join/calendar (onboarding, after the parent's mail is set up, ADR 029) and
 * /add/calendar (from the profile's Connections): asking for Google Calendar
 * access (spec §2 "Onboarding screens" 3).
 */
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/calendar-access";
import { AccessPicture } from "~/components/onboarding/AccessPicture";
import { HelpText } from "~/components/onboarding/HelpText";
import { Button, ButtonAnchor, ButtonLink } from "~/components/ui/Button";
import { CalendarIcon } from "~/components/ui/icons";
import { BoltIcon } from "~/components/ui/screen-icons";
import { Prompt } from "~/components/ui/Prompt";
import { Screen } from "~/components/ui/Screen";

export const meta: Route.MetaFunction = () => [{ title: "Calendar Access · Cubby" }];

export default function CalendarAccess() {
  const onboarding = useLocation().pathname.startsWith("/join/");
  const from = useSearchParams()[0].get("from");
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  // Onboarding continues to Ready (the server's default); elsewhere the parent returns where they came from.
  const back = from === "/profile" ? "/profile" : "/focus";
  const allowHref = onboarding ? "/api/auth/google/gcal" : `/api/auth/google/gcal?${new URLSearchParams({ return: back })}`;

  return (
    <Screen
      mark
      title="needs Calendar Access"
      lead="Save events to your Google Calendar and see what clashes with your plans."
      actions={
        <>
          <ButtonAnchor href={allowHref}>Allow Access</ButtonAnchor>
          {onboarding ? (
            <ButtonLink look="quiet" to="/join/success">
              Do this later
            </ButtonLink>
          ) : (
            <Button look="quiet" onClick={() => navigate(-1)}>
              Go Back
            </Button>
          )}
        </>
      }
    >
      <AccessPicture from={<CalendarIcon size={28} />} fromLabel="Google Calendar" reverse />
      <HelpText onOpen={() => setHelpOpen(true)}>How does this help?</HelpText>
      <Prompt
        open={helpOpen}
        icon={<BoltIcon size={40} />}
        title="Better Scheduling"
        description={
          <>
            <p>Sync any event to your Google Calendar with one tap of the lightning-bolt button.</p>
            <p className="mt-2">Cubby also shows you when an event conflicts with something already on your calendar.</p>
          </>
        }
        onConfirm={() => setHelpOpen(false)}
      />
    </Screen>
  );
}
