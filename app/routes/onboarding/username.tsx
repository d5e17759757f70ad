/**
 * /join/username: choosing the username that makes the personal forwarding
 * address (spec §2 "Onboarding screens" 5). The server checks the name; its
 * answer is shown as is. Continue sends the browser to Gmail access
 * (/api/auth/google/gmail), as the spec has it, whichever way the parent came;
 * Google sends them back to the forwarding screen they came from (`?next=`,
 * from 'Try another way', the guide or the profile), else to the new address.
 */
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/username";
import { clientConfig } from "~/.server/env";
import { cloudflareContext } from "~/context";
import { Button } from "~/components/ui/Button";
import { MailIcon } from "~/components/ui/icons";
import { Prompt } from "~/components/ui/Prompt";
import { Screen } from "~/components/ui/Screen";
import { TextField } from "~/components/ui/TextField";
import { errorToast, SOMETHING_WENT_WRONG, useToast } from "~/components/ui/toast-context";
import { forwardingNext } from "~/lib/forwarding-next";
import { postJson } from "~/lib/post-json";

export const meta: Route.MetaFunction = () => [{ title: "Choose a Username · Cubby" }];

export function loader({ context }: Route.LoaderArgs) {
  return { inboundDomain: clientConfig(context.get(cloudflareContext).env).inboundDomain };
}

export default function ChooseUsername({ loaderData }: Route.ComponentProps) {
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const showToast = useToast();
  const next = forwardingNext(useSearchParams()[0].get("next"));
  const preview = username.trim().toLowerCase() || "username";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const response = await postJson("/api/user/username", { username });
      if (!response.ok) {
        // The server's reason (a taken or refused name) under the field; anything else is spec §8's toast.
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        if (body?.error) setError(body.error);
        else showToast(errorToast(SOMETHING_WENT_WRONG));
        setSaving(false);
        return;
      }
      window.location.assign(`/api/auth/google/gmail?${new URLSearchParams({ return: next ?? "/forward/address" })}`);
    } catch (failure) {
      console.error("Failed to save username", failure);
      showToast(errorToast(SOMETHING_WENT_WRONG));
      setSaving(false);
    }
  }

  return (
    <Screen
      back="history"
      help={{ label: "Your Username", onOpen: () => setHelpOpen(true) }}
      title="Choose a Username"
      lead="It becomes your personal Cubby address for forwarding emails."
      actions={
        <Button type="submit" form="username-form" disabled={saving || !username.trim()}>
          Continue
        </Button>
      }
    >
      <form id="username-form" onSubmit={submit} noValidate>
        <TextField
          label="Username"
          hideLabel
          name="username"
          placeholder="Enter your username"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setError(null);
          }}
          invalid={Boolean(error)}
          message={error}
        />
      </form>
      <div className="mt-2 flex items-center gap-3 rounded-card bg-surface p-4 shadow-card">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
          <MailIcon size={20} />
        </span>
        <p className="min-w-0 text-callout text-ink-soft">
          <span className="sr-only">Your address will be </span>
          <span className="font-semibold break-all text-ink">{preview}</span>
          <span className="break-all">@{loaderData.inboundDomain}</span>
        </p>
      </div>
      <Prompt
        open={helpOpen}
        icon={<MailIcon size={40} />}
        title="Your Username"
        description="Your username defines your personal forwarding address. Emails sent or forwarded to it land in an inbox where Cubby organises them for you automatically."
        onConfirm={() => setHelpOpen(false)}
      />
    </Screen>
  );
}
