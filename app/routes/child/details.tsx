/**
 * /join|add|edit/child/details/:childId: a child's teachers and coaches, by
 * name (spec §2 "Onboarding screens" 7, §5 "Teacher/coach name"). Each change
 * saves the whole list; a failed save puts the list back silently. The names
 * of the people who wrote to the parent (spec §7 `GET /api/senders`) are
 * offered under 'Suggested for you', a tap adds one.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useParams } from "react-router";
import type { Route } from "./+types/details";
import { useHint } from "~/components/onboarding/use-hint";
import { Suggestions } from "~/components/onboarding/Suggestions";
import { useProfile } from "~/components/session/SignedIn";
import { ButtonLink } from "~/components/ui/Button";
import { CloseIcon, PersonIcon } from "~/components/ui/icons";
import { NotFoundScreen } from "~/components/ui/NotFoundScreen";
import { Screen } from "~/components/ui/Screen";
import { TextField } from "~/components/ui/TextField";
import { afterDetails, checkTeacherName, childFlow, teacherSuggestions } from "~/lib/child";
import type { Child } from "~/lib/profile";

export const meta: Route.MetaFunction = () => [{ title: "Teachers and Coaches · Cubby" }];

/** "mrs o'neil-park" → "Mrs O'Neil-Park": names are stored in lowercase. */
function displayName(name: string): string {
  return name.replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

export default function TeachersAndCoaches() {
  const { childId = "" } = useParams();
  const { state } = useProfile();
  const child = state.profile?.children.find((entry) => entry._id === childId);

  if (state.status === "ready" && !child) return <NotFoundScreen />;
  // The list starts over from the saved one once the profile has arrived.
  return <TeachersScreen key={child?._id ?? "loading"} childId={childId} child={child} />;
}

function TeachersScreen({ childId, child }: { childId: string; child: Child | undefined }) {
  const flow = childFlow(useLocation().pathname);
  const { refresh } = useProfile();
  const [teachers, setTeachers] = useState<string[]>(child?.teachers ?? []);
  const [input, setInput] = useState("");
  const [hint, showHint] = useHint();
  const saving = useRef(false);
  const senders = useSenderNames();
  const suggestions = teacherSuggestions(senders, teachers);

  async function save(next: string[]) {
    if (saving.current) return;
    saving.current = true;
    const previous = teachers;
    setTeachers(next);
    try {
      const response = await fetch(`/api/child/${childId}`, {
        method: "PUT",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ teachers: next }),
      });
      if (!response.ok) throw new Error(`Saving teachers answered ${response.status}`);
      // The profile (shown next) lists teachers: keep the shared copy current.
      void refresh();
    } catch (error) {
      console.error("Failed to save teachers", error);
      setTeachers(previous);
    } finally {
      saving.current = false;
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    // spec §5: ignored while a save runs; the name stays in the field to add next.
    if (saving.current) return;
    const check = checkTeacherName(input);
    if (!check.ok) return showHint(check.message);
    setInput("");
    if (!teachers.includes(check.name)) void save([...teachers, check.name]);
  }

  return (
    <Screen
      back="history"
      title="Teachers and Coaches"
      lead={
        child
          ? `Add ${child.firstName}'s teachers and coaches so their events are tagged to ${child.firstName}.`
          : "Add your child's teachers and coaches so their events are tagged to your child."
      }
      actions={<ButtonLink to={afterDetails(flow)}>Continue</ButtonLink>}
    >
      <form onSubmit={add} noValidate>
        <TextField
          label="Teacher or coach name"
          hideLabel
          placeholder="Teacher or coach name"
          autoComplete="off"
          autoCapitalize="words"
          enterKeyHint="done"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          invalid={Boolean(hint)}
          message={hint}
          trailing={
            <button type="submit" className="min-h-touch rounded-[10px] px-3 text-callout font-semibold text-brand">
              Add
            </button>
          }
        />
      </form>
      {teachers.length > 0 ? (
        <ul aria-label="Teachers and coaches" className="flex flex-col divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card">
          {teachers.map((name) => (
            <li key={name} className="flex items-center gap-3 py-1 pr-1 pl-4">
              <PersonIcon size={18} className="shrink-0 text-ink-faint" />
              <span className="min-w-0 flex-1 truncate text-callout">{displayName(name)}</span>
              <button
                type="button"
                aria-label={`Remove ${displayName(name)}`}
                onClick={() => void save(teachers.filter((entry) => entry !== name))}
                className="inline-flex size-touch items-center justify-center rounded-full text-ink-faint hover:text-ink"
              >
                <CloseIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <Suggestions
        items={suggestions.map((name) => ({ key: name, label: displayName(name) }))}
        onPick={(name) => {
          if (!saving.current) void save([...teachers, name]);
        }}
      />
    </Screen>
  );
}

/** The names of the people who wrote to the parent; nothing when that cannot be asked (logged only). */
function useSenderNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/senders", { credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Senders answered ${response.status}`);
        const { senders } = (await response.json()) as { senders: { senderName: string }[] };
        setNames(senders.map((sender) => sender.senderName));
      })
      .catch((error) => {
        if (!controller.signal.aborted) console.error("Failed to fetch senders", error);
      });
    return () => controller.abort();
  }, []);
  return names;
}
