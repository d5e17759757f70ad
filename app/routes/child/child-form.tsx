/**
 * /join/child, /add/child and /edit/child/:childId: a child's avatar, first
 * name and grade (spec §2 "Onboarding screens" 7, §4 "Child form", §5).
 */
import { useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { Route } from "./+types/child-form";
import { AvatarPicker } from "~/components/child/AvatarPicker";
import { useProfile } from "~/components/session/SignedIn";
import { Button } from "~/components/ui/Button";
import { AlertIcon } from "~/components/ui/icons";
import type { Child } from "~/lib/profile";
import { NotFoundScreen } from "~/components/ui/NotFoundScreen";
import { Prompt } from "~/components/ui/Prompt";
import { Screen } from "~/components/ui/Screen";
import { TextField } from "~/components/ui/TextField";
import { ERROR_TOAST_MS, errorToast, useToast } from "~/components/ui/toast-context";
import {
  afterChildForm,
  AVATAR_IDS,
  childFlow,
  childFormComplete,
  type ChildFlow,
  duplicateChild,
  duplicateNameMessage,
  GRADES,
  gradeLabel,
} from "~/lib/child";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${childFlow(location.pathname) === "edit" ? "Edit Child" : "Add Child"} · Cubby` },
];

export default function ChildForm() {
  const flow = childFlow(useLocation().pathname);
  const { childId } = useParams();
  const { state } = useProfile();
  const editing = flow === "edit" ? state.profile?.children.find((child) => child._id === childId) : undefined;

  if (flow === "edit" && state.status === "ready" && !editing) return <NotFoundScreen />;
  // Editing starts from the child as saved: the form starts over once the profile has arrived.
  return <ChildFormScreen key={editing?._id ?? "new"} flow={flow} editing={editing} />;
}

function ChildFormScreen({ flow, editing }: { flow: ChildFlow; editing: Child | undefined }) {
  const navigate = useNavigate();
  const showToast = useToast();
  const { state, refresh } = useProfile();
  const children = state.profile?.children ?? [];

  const [firstName, setFirstName] = useState(editing?.firstName ?? "");
  const [grade, setGrade] = useState(editing?.grade ?? "");
  const [avatarId, setAvatarId] = useState<string>(editing?.avatarId ?? AVATAR_IDS[0]);
  const [saving, setSaving] = useState(false);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  /** spec §7: DELETE, then the page reloads; spec §8: a failure says so in a toast. */
  async function remove() {
    setConfirmRemove(false);
    if (!editing) return;
    try {
      const response = await fetch(`/api/child/${editing._id}`, { method: "DELETE", credentials: "include" });
      if (!response.ok) throw new Error(`Removing the child answered ${response.status}`);
      window.location.assign("/profile");
    } catch (error) {
      console.error("Failed to remove child", error);
      showToast(errorToast("Failed to remove child. Please try again."));
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || !childFormComplete(firstName, grade)) return;
    const name = firstName.trim();
    if (duplicateChild(name, children, editing?._id)) return setDuplicateOf(name);

    setSaving(true);
    const saveFailed = (description: string) => {
      showToast({ icon: <AlertIcon />, title: "Save Failed", description, displayTime: ERROR_TOAST_MS });
      setSaving(false);
    };
    try {
      const response = await fetch(editing ? `/api/child/${editing._id}` : "/api/child", {
        method: editing ? "PUT" : "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ firstName: name, grade, avatarId }),
      });
      if (!response.ok) return saveFailed(`Failed to save ${name}. Please try again.`);
      const body = (await response.json().catch(() => null)) as { child?: { _id?: string } } | null;
      const id = editing?._id ?? body?.child?._id;
      if (!id) return saveFailed("Failed to create child profile. Please try again.");
      await refresh();
      navigate(afterChildForm(flow, id));
    } catch (error) {
      console.error("Failed to save child", error);
      saveFailed(`Failed to save ${name}. Please try again.`);
    }
  }

  return (
    <Screen
      back={flow === "join" ? undefined : "/profile"}
      title={flow === "edit" ? "Edit Child" : "Add Child"}
      lead={flow === "join" ? "Events are tagged to each child, so everyone's day is easy to see." : undefined}
      actions={
        <>
          <Button type="submit" form="child-form" disabled={saving || !childFormComplete(firstName, grade)}>
            Continue
          </Button>
          {editing ? (
            <Button look="quiet" className="text-danger" onClick={() => setConfirmRemove(true)}>
              Remove {editing.firstName}
            </Button>
          ) : null}
        </>
      }
    >
      <form id="child-form" onSubmit={save} noValidate className="flex flex-col gap-4">
        <AvatarPicker value={avatarId} onChange={setAvatarId} />
        <TextField
          label="First name"
          name="firstName"
          autoComplete="off"
          autoCapitalize="words"
          enterKeyHint="next"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <div className="flex flex-col gap-2">
          <label htmlFor="child-grade" className="text-callout font-medium text-ink-soft">
            Grade
          </label>
          <select
            id="child-grade"
            name="grade"
            value={grade}
            onChange={(event) => setGrade(event.target.value)}
            className={`min-h-button appearance-none rounded-field border border-line-strong bg-surface bg-[length:20px] bg-[right_1rem_center] bg-no-repeat px-4 text-body focus:border-brand focus:ring-4 focus:ring-brand-soft focus:outline-none ${
              grade ? "text-ink" : "text-ink-faint"
            }`}
            style={{
              backgroundImage:
                "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23968a7f' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E\")",
            }}
          >
            <option value="" disabled>
              Choose a grade
            </option>
            {GRADES.map((value) => (
              <option key={value} value={value}>
                {gradeLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <Prompt
        open={duplicateOf !== null}
        icon={<AlertIcon size={40} />}
        title="Duplicate Name"
        description={duplicateOf ? duplicateNameMessage(duplicateOf) : undefined}
        onConfirm={() => setDuplicateOf(null)}
      />
      <Prompt
        open={confirmRemove}
        icon={<AlertIcon size={40} />}
        title={`Remove ${editing?.firstName ?? "child"}?`}
        description="This cannot be undone."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </Screen>
  );
}
